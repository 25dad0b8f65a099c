/**
 * One CSV cell → the value a field holds in a calculation's inputs, read as people write it in
 * the five languages: each field type's `parseCell` (core/field-types) says how, with the lookups of ./cells.
 */
import { fieldTypeOf } from '../field-types';
import type { Field } from '../template/types';
import type { CellContext, CellResult } from './cells';

export { FALSE_WORDS, TRUE_WORDS, parseBoolean, type CellContext, type CellResult, type FactorChoice } from './cells';

/** A non-empty cell's value for `field`. Text stays text exactly as written: it is data, never a formula. */
export function parseCell(field: Field, raw: string, context: CellContext): CellResult {
  return fieldTypeOf(field.type).parseCell(field, raw.trim(), context);
}
