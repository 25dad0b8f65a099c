/**
 * Factors from CSV (papaparse): columns key, category, unit, value, source, year, region and the
 * label, either as `label_de` … `label_es` or one `labels` column (JSON object or plain text).
 * A mill's declaration (issue 33) may come along: `declaration_kind` (paper_profile, epd, cepi), `biogenic_co2`
 * (kg per unit, reported apart) and `delivery_included` (yes/no); a column left out keeps what a factor records, an
 * empty cell clears it.
 * One bad row rejects the whole file, naming the row (as a spreadsheet numbers it) and the fault.
 */
import Papa from 'papaparse';
import { type ErrorKey, type ErrorMessage, msg } from '../../core/i18n/error-keys';
import { FACTOR_CATEGORY_PATTERN, FACTOR_KEY_PATTERN, FACTOR_YEARS } from '../../core/api';
import { DECLARATION_KINDS, type DeclarationKind } from '../../core/data-quality';
import { detectDelimiter } from '../../core/csv';
import { LANGUAGES } from '../../core/languages';
import { rendered } from '../../core/i18n/fault';
import { badRequest } from '../refusals';
import { setOwnValue } from '../http/own-key';
import { completeLabel, declarationProblems, type FactorInput } from './factor-input';

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

/** Yes and no as a spreadsheet may write them, in the five interface languages and as 1/0 or true/false. */
const YES = new Set(['yes', 'y', 'true', '1', 'ja', 'j', 'oui', 'sì', 'si', 'sí']);
const NO = new Set(['no', 'n', 'false', '0', 'nein', 'non']);

/**
 * The declaration columns of one row: absent columns stay undefined (a factor keeps what it records), an empty cell is
 * null (cleared). Faults name the row and the column.
 */
function declarationOf(
  record: Record<string, string>,
  fields: readonly string[],
  row: number,
): Pick<FactorInput, 'declaration_kind' | 'biogenic_co2' | 'delivery_included'> {
  const declaration: Pick<FactorInput, 'declaration_kind' | 'biogenic_co2' | 'delivery_included'> = {};
  const cell = (column: string) => (fields.includes(column) ? (record[column]?.trim() ?? '') : undefined);
  const kind = cell('declaration_kind');
  if (kind !== undefined) {
    const normalised = kind.toLowerCase();
    if (normalised !== '' && !DECLARATION_KINDS.includes(normalised as DeclarationKind))
      throw rowError(
        row,
        'declaration_kind',
        msg('errors.factors.csv.declarationKind', { value: kind, kinds: DECLARATION_KINDS.join(', ') }),
      );
    declaration.declaration_kind = normalised === '' ? null : (normalised as DeclarationKind);
  }
  const biogenic = cell('biogenic_co2');
  if (biogenic !== undefined) {
    const value = biogenic === '' ? null : parseValue(biogenic);
    if (value !== null && !Number.isFinite(value))
      throw rowError(row, 'biogenic_co2', msg('errors.factors.csv.notNumber', { value: biogenic }));
    declaration.biogenic_co2 = value;
  }
  const delivery = cell('delivery_included');
  if (delivery !== undefined) {
    const normalised = delivery.toLowerCase();
    if (normalised !== '' && !YES.has(normalised) && !NO.has(normalised))
      throw rowError(row, 'delivery_included', msg('errors.factors.csv.notYesNo', { value: delivery }));
    declaration.delivery_included = normalised === '' ? null : YES.has(normalised);
  }
  return declaration;
}

/**
 * A row's declaration merged with what the factor already records (a column left out keeps it): the faults of
 * `declarationProblems`, as row errors of the file.
 */
export function checkCsvDeclaration(
  factor: FactorInput & { row: number },
  known?: Pick<FactorInput, 'declaration_kind' | 'biogenic_co2' | 'delivery_included'>,
): void {
  const merged = {
    ...factor,
    declaration_kind:
      factor.declaration_kind !== undefined ? factor.declaration_kind : (known?.declaration_kind ?? null),
    biogenic_co2: factor.biogenic_co2 !== undefined ? factor.biogenic_co2 : (known?.biogenic_co2 ?? null),
    delivery_included:
      factor.delivery_included !== undefined ? factor.delivery_included : (known?.delivery_included ?? null),
  };
  const [column, problem] = Object.entries(declarationProblems(merged))[0] ?? [];
  if (column && problem) throw rowError(factor.row, column, problem);
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

/** The file's factors, each with the row it came from (for faults found later, against the stored factors). */
export function parseFactorCsv(text: string): (FactorInput & { row: number })[] {
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
      ...declarationOf(record, fields, row),
      row,
    };
  });
}
