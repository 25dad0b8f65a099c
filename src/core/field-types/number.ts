/** A number: in the column's decimal format in a CSV cell, in the reader's format with the field's unit elsewhere. */
import { parseCsvNumber } from '../csv/numbers';
import { formatNumber } from '../number-format';
import type { Field } from '../template/types';
import { localizeUnit } from '../template/units';
import type { CellContext, CellResult } from '../csv/cells';
import type { ComparisonContext, CoreFieldType, WordsContext } from './contract';
import { fault, numberText } from './shared';

function parseNumberCell(_field: Field, cell: string, context: CellContext): CellResult {
  const value = parseCsvNumber(cell, context.decimal);
  return value === null ? { ok: false, key: 'number' } : { ok: true, value };
}

const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function numberWords(field: Field, value: unknown, { lang, units, say }: WordsContext): string {
  return typeof value === 'number'
    ? `${formatNumber(value, lang, { maximumFractionDigits: 6 })}${field.unit ? ` ${localizeUnit(field.unit, lang, units, value)}` : ''}`
    : say('unknown');
}

function numberComparison(field: Field, value: unknown, context: ComparisonContext): string {
  return typeof value === 'number'
    ? numberText(field, value, context.lang, context.units, context.digits)
    : String(value);
}

export const number = {
  kind: 'number',
  guide: { value: 'number', csv: "a number in the file's decimal format (`1.234,5` or `1,234.5`)" },
  customer: true,
  example: () => 100,
  typeFault: (_field, value) => (isFiniteNumber(value) ? undefined : fault('type.number')),
  parseCell: parseNumberCell,
  formula: { accepts: isFiniteNumber, what: 'a number' },
  words: numberWords,
  comparison: { text: numberComparison, numeric: true },
} satisfies CoreFieldType;
