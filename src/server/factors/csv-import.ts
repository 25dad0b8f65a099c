/**
 * Factors from CSV (papaparse): columns key, category, unit, value, source, year, region and the
 * label, either as `label_de` … `label_es` or one `labels` column (JSON object or plain text).
 * One bad row rejects the whole file, naming the row (as a spreadsheet numbers it) and the fault.
 */
import Papa from 'papaparse';
import { type ErrorKey, type ErrorMessage, msg } from '../../core/i18n/error-keys';
import { FACTOR_CATEGORY_PATTERN, FACTOR_KEY_PATTERN, FACTOR_YEARS } from '../../core/api';
import { detectDelimiter } from '../../core/csv';
import { LANGUAGES } from '../../core/languages';
import { rendered } from '../../core/i18n/fault';
import { badRequest } from '../refusals';
import { setOwnValue } from '../http/own-key';
import { completeLabel, type FactorInput } from './factor-input';

const REQUIRED = ['key', 'category', 'unit', 'value'] as const;

function rowError(row: number, column: string, message: ErrorMessage | ErrorKey) {
  const detail = typeof message === 'string' ? { key: message } : message;
  return badRequest(msg('errors.factors.csvRow', { row, message: detail }), { [`csv.${row}.${column}`]: detail });
}

/** A number written either way: `0.38` or `0,38` (no thousands separators in factor files). */
function parseValue(text: string): number {
  const normalised = text.trim().replace(',', '.');
  return /^[-+]?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(normalised) ? Number(normalised) : Number.NaN;
}

function labelsOf(record: Record<string, string>, key: string) {
  const label: Record<string, string> = {};
  const labels = record.labels?.trim();
  if (labels) {
    if (labels.startsWith('{')) {
      try {
        // Entry by entry: Object.assign would turn a "__proto__" key into the label's prototype.
        for (const [lang, text] of Object.entries(JSON.parse(labels) as Record<string, string>))
          setOwnValue(label, lang, text);
      } catch {
        return null;
      }
    } else for (const lang of LANGUAGES) label[lang] = labels;
  }
  for (const lang of LANGUAGES) if (record[`label_${lang}`]?.trim()) label[lang] = record[`label_${lang}`]!;
  if (Object.values(label).some((text) => typeof text !== 'string')) return null;
  return completeLabel(label, key);
}

/**
 * The file's records with their row numbers as a spreadsheet shows them: the header (the first
 * row that is not blank) and blank rows are counted, never parsed as records.
 */
function recordsOf(text: string): { fields: string[]; records: { row: number; record: Record<string, string> }[] } {
  const body = text.replace(/^\uFEFF/, '');
  // The importer's sniffing: papaparse's own guess reads a JSON labels cell's commas as delimiters.
  const parsed = Papa.parse<string[]>(body, { delimiter: detectDelimiter(body), skipEmptyLines: false });
  if (parsed.errors.length > 0) {
    const first = parsed.errors[0]!;
    throw rowError((first.row ?? 0) + 1, '_', msg('errors.factors.csv.unreadable', { detail: first.message }));
  }
  const blank = (cells: string[]) => cells.every((cell) => cell.trim() === '');
  const headerIndex = parsed.data.findIndex((cells) => !blank(cells));
  const fields = headerIndex < 0 ? [] : parsed.data[headerIndex]!.map((header) => header.trim().toLowerCase());
  const records = parsed.data.flatMap((cells, index) => {
    if (index <= headerIndex || blank(cells)) return [];
    const record: Record<string, string> = {};
    fields.forEach((field, column) => setOwnValue(record, field, cells[column] ?? ''));
    return [{ row: index + 1, record }];
  });
  return { fields, records };
}

export function parseFactorCsv(text: string): FactorInput[] {
  const { fields, records } = recordsOf(text);
  const missing = REQUIRED.filter((column) => !fields.includes(column));
  if (missing.length > 0)
    throw badRequest(msg('errors.factors.csvMissingColumns', { columns: missing.join(', ') }), {
      csv: rendered(missing.join(', ')),
    });
  if (records.length === 0) throw badRequest('errors.factors.csvNoRows', { csv: 'errors.factors.csvEmpty' });

  const seen = new Set<string>();
  return records.map(({ row, record }) => {
    for (const column of REQUIRED)
      if (!record[column]?.trim()) throw rowError(row, column, msg('errors.factors.csv.emptyCell', { column }));
    const key = record.key!.trim();
    if (!FACTOR_KEY_PATTERN.test(key)) throw rowError(row, 'key', msg('errors.factors.csv.keyPattern', { key }));
    if (seen.has(key)) throw rowError(row, 'key', msg('errors.factors.csv.keyTwice', { key }));
    const category = record.category!.trim();
    if (!FACTOR_CATEGORY_PATTERN.test(category)) {
      throw rowError(row, 'category', msg('errors.factors.csv.categoryPattern', { category }));
    }
    seen.add(key);
    const value = parseValue(record.value!);
    if (!Number.isFinite(value))
      throw rowError(row, 'value', msg('errors.factors.csv.notNumber', { value: record.value ?? '' }));
    const yearText = record.year?.trim();
    const year = yearText ? Number(yearText) : null;
    if (year !== null && (!Number.isInteger(year) || year < FACTOR_YEARS.min || year > FACTOR_YEARS.max))
      throw rowError(row, 'year', msg('errors.factors.csv.notYear', { value: yearText }));
    const label = labelsOf(record, key);
    if (!label) throw rowError(row, 'labels', 'errors.factors.csv.labelsInvalid');
    return {
      key,
      category,
      unit: record.unit!.trim(),
      value,
      label,
      source: record.source?.trim() ?? '',
      year,
      region: record.region?.trim() || null,
    };
  });
}
