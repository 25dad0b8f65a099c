/** A whole number: a number whose test also asks for no fraction. */
import type { CoreFieldType } from './contract';
import { number } from './number';
import { fault } from './shared';

export const integer = {
  ...number,
  guide: { value: 'whole number', csv: "a number in the file's decimal format" },
  typeFault: (_field, value) =>
    typeof value === 'number' && Number.isInteger(value)
      ? undefined
      : fault(typeof value === 'number' ? 'integer' : 'type.number'),
} satisfies CoreFieldType;
