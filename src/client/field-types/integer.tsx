/** A whole number: the number input, which takes no fraction for an integer field. */
import type { ClientFieldType } from './contract';
import { number } from './number';

export const integer = { ...number } satisfies ClientFieldType;
