/** The protocol as CSV, header and texts in the reader's language (core's renderer, as on the screen), in the reader's CSV convention, written by core's `csvText`. */
import type { ProtocolEntryRecord } from '../../core/api';
import { csvConventions, csvText } from '../../core/csv';
import { formatInstantWithOffset } from '../../core/dates';
import type { Language } from '../../core/languages';
import { changesText, entryAction, protocolText, resourceName, summaryText } from './messages';

const COLUMNS = [
  'at',
  'user',
  'user_email',
  'mandant',
  'action',
  'resource',
  'record',
  'summary',
  'changes',
  'ip',
] as const;

export { changesText };

export function csvHeader(language: Language): string {
  const names = COLUMNS.map((c) => protocolText(language, `fields.${c}`) ?? c);
  return csvText([names], csvConventions(language));
}

/**
 * The rows; times in `timeZone` (the reader's, else UTC) with their offset, since a file outlives the screen's zone.
 * Records by their number or name only: the database id is no reference a person can look up.
 */
export function csvRows(language: Language, entries: ProtocolEntryRecord[], timeZone = 'UTC'): string {
  const rows = entries.map((e) => [
    formatInstantWithOffset(e.at, language, timeZone),
    e.user_name ?? '',
    e.user_email ?? '',
    e.mandant_id === null ? '' : (e.refs?.mandants?.[String(e.mandant_id)] ?? String(e.mandant_id)),
    entryAction(language, e),
    resourceName(language, e.resource),
    e.record_label ?? '',
    summaryText(language, e, timeZone),
    changesText(language, e, timeZone),
    e.ip ?? '',
  ]);
  return csvText(rows, csvConventions(language));
}
