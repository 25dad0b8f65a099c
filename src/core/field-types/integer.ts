/** A whole number: a number whose schema and test also ask for no fraction. */
import type { CoreFieldType } from './contract';
import { number } from './number';
import { fault, jsonType } from './shared';

export const integer = {
  ...number,
  schema: (_field, nullable) => ({ type: jsonType('integer', nullable) }),
  typeFault: (_field, value) =>
    typeof value === 'number' && Number.isInteger(value)
      ? undefined
      : fault(typeof value === 'number' ? 'integer' : 'type.number'),
} satisfies CoreFieldType;
