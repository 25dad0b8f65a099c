/**
 * How a template field's number is shown. Integer fields without a unit are years and plain
 * numbers (Berichtsjahr 2025, not 2.025); every other number gets the language's digit grouping
 * (Auflage 10.000 Stk.). The rule follows from the template alone, so new templates need no hint.
 */
import type { FormatNumberOptions } from '../number-format';
import type { Field } from './types';

export function fieldNumberOptions(field: Pick<Field, 'type' | 'unit'>): Pick<FormatNumberOptions, 'grouping'> {
  return { grouping: !(field.type === 'integer' && !field.unit) };
}
