/** The protocol as CSV, header, texts and CSV convention (`;`/`,`) in the reader's language, written by core's `csvText`. */
import type { ProtocolEntryRecord } from '../../core/api';
import { csvConventions, csvText } from '../../core/csv';
import type { Language } from '../../core/languages';
import { protocolText, resourceName, summaryText } from './messages';

const COLUMNS = ['at', 'user', 'user_email', 'mandant', 'action', 'resource', 'record_id', 'record', 'summary', 'changes', 'ip'] as const;

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '∅';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function changesText(language: Language, entry: ProtocolEntryRecord): string {
  if (!entry.changes) return '';
  return Object.entries(entry.changes)
    .map(([field, change]) =>
      change.redacted ? `${field}: ${protocolText(language, 'diff.redacted') ?? '***'}` : `${field}: ${show(change.old)} → ${show(change.new)}`,
    )
    .join('; ');
}

export function csvHeader(language: Language): string {
  const names = COLUMNS.map((c) => protocolText(language, `fields.${c}`) ?? c);
  return csvText([names], csvConventions(language));
}

export function csvRows(language: Language, entries: ProtocolEntryRecord[]): string {
  const rows = entries.map((e) => [
    e.at,
    e.user_name ?? '',
    e.user_email ?? '',
    e.mandant_id,
    protocolText(language, `actions.${e.action}`) ?? e.action,
    resourceName(language, e.resource),
    e.record_id ?? '',
    e.record_label ?? '',
    summaryText(language, e),
    changesText(language, e),
    e.ip ?? '',
  ]);
  return csvText(rows, csvConventions(language));
}
