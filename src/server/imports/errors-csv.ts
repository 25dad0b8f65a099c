/**
 * An import's row errors as CSV in the READER's language and CSV convention (each error is stored as a fault,
 * a message key with params, and worded here). Cells a spreadsheet would run as formulas are escaped: imported values are user data.
 */
import type { ImportRowError } from '../../core/api';
import { csvConventions, csvFile } from '../../core/csv';
import type { Language, LocalizedText } from '../../core/languages';
import type { Kysely } from 'kysely';
import type { DatabaseSchema, DbJson } from '../db/schema';
import { parseJson } from '../db/values';
import { translate } from '../../core/i18n/translate';
import { wordFault, type Fault } from '../../core/i18n/fault';
import '../../core/i18n/all-locales';

const ERROR_CSV_COLUMNS = ['row', 'column', 'value', 'error'] as const;

function toRowError(row: Record<string, unknown>, lang: Language): ImportRowError {
  // `fault`: a message key with params, worded here; rows stored before faults were kept carry `messages` in all five.
  const params = parseJson<{ fault?: Fault; messages?: Partial<LocalizedText> }>(row.params as DbJson, {});
  return {
    row: Number(row.row),
    column: row.column === null || row.column === undefined ? null : String(row.column),
    value: row.value === null || row.value === undefined ? null : String(row.value),
    message_key: String(row.message_key),
    message: params.fault
      ? wordFault(params.fault, lang)
      : (params.messages?.[lang] ?? params.messages?.de ?? String(row.message_key)),
  };
}

/** An import's row errors in file order, worded for the reader; `limit` caps how many. */
export async function rowErrors(
  db: Kysely<DatabaseSchema>,
  importId: number,
  lang: Language,
  limit?: number,
): Promise<ImportRowError[]> {
  let query = db.selectFrom('import_errors').selectAll().where('import_id', '=', importId).orderBy('row').orderBy('id');
  if (limit !== undefined) query = query.limit(limit);
  return (await query.execute()).map((e) => toRowError(e, lang));
}

export function errorsCsv(errors: readonly ImportRowError[], lang: Language): string {
  return csvFile(
    [
      ERROR_CSV_COLUMNS.map((column) => translate(lang, `importer.errors_csv.${column}`)),
      ...errors.map((e) => [e.row, e.column, e.value, e.message]),
    ],
    csvConventions(lang),
  );
}
