/** One line of text. */
import type { ClientFieldType } from './contract';
import { LineInput, plainListCell } from './shared';

export const text = { Input: LineInput, listCell: plainListCell } satisfies ClientFieldType;
