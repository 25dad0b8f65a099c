/**
 * A migration preview's rows as CSV lines (core's `csvText`) in the reader's language and CSV
 * convention: translated header with the units, template names, kg CO2e with two decimals and the
 * change in percent with one, as the preview table shows them. The route streams them batch by batch.
 */
import { csvConventions, csvNumber, csvText, type CsvCell } from '../../core/csv';
import type { Language } from '../../core/languages';
import { figureDecimals } from '../../core/number-format';
import { findMessage } from '../../core/i18n/translate';
import '../../core/i18n/all-locales';
import type { TemplateRegistry } from '../templates/registry';

/** A migration item's stored columns a reader sees, in the order the preview table and the CSV show them. */
export const MIGRATION_ITEM_COLUMNS = [
  'calculation_id',
  'number',
  'title',
  'template_id',
  'total_before',
  'total_after',
  'difference',
  'percent',
  'excluded',
] as const;

/** The CSV's header keys (`migrations.csv.<key>`): the same columns, the template named without its storage suffix. */
export const ITEMS_CSV_COLUMNS = MIGRATION_ITEM_COLUMNS.map((column) =>
  column === 'template_id' ? 'template' : column,
);

const PERCENT_DIGITS = 1;

export interface MigrationItemRow {
  calculation_id: number;
  number: string;
  title: string;
  template_id: string;
  total_before: number | null;
  total_after: number | null;
  difference: number | null;
  percent: number | null;
  excluded: string | null;
}

export function itemsCsvHeader(language: Language): string {
  return csvText(
    [ITEMS_CSV_COLUMNS.map((column) => findMessage(language, `migrations.csv.${column}`) ?? column)],
    csvConventions(language),
  );
}

const figure = (value: number | null, digits: number): CsvCell =>
  value === null ? null : csvNumber(Number(value), digits);
// kg CO2e by core's figure rule, as the migration screen shows them.
const kg = (value: number | null): CsvCell => (value === null ? null : figure(value, figureDecimals(Number(value))));

export function itemsCsvRows(
  language: Language,
  templates: TemplateRegistry,
  rows: readonly MigrationItemRow[],
): string {
  const lines = rows.map((row) => [
    Number(row.calculation_id),
    row.number,
    row.title,
    templates.current(row.template_id)?.label[language] ?? row.template_id,
    kg(row.total_before),
    kg(row.total_after),
    kg(row.difference),
    figure(row.percent, PERCENT_DIGITS),
    row.excluded === 'frozen' ? findMessage(language, 'migrations.excluded.frozen') : row.excluded,
  ]);
  return csvText(lines, csvConventions(language));
}
