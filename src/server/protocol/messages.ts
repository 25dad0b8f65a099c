/**
 * Protocol texts on the server (CSV export): core's renderer (core/protocol/describe) reading the same
 * messages in locales/<lang>.json the page uses, so the export reads like the screen. German is the
 * fallback, as in the client.
 */
import type { ProtocolEntryRecord } from '../../core/api';
import type { Language } from '../../core/languages';
import { findMessage } from '../../core/i18n/translate';
import '../../core/i18n/all-locales';
import {
  changesLine,
  describeSummary,
  entryActionName,
  resourceName as describedResource,
  type ProtocolReader,
} from '../../core/protocol/describe';

/** A message by its full key in `language` (German if missing), `%{name}` replaced; null if no language has it. */
export function messageText(language: Language, key: string, params: Record<string, unknown> = {}): string | null {
  const filled = Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      typeof value === 'number' ? value : value === undefined || value === null ? '' : String(value),
    ]),
  );
  return findMessage(language, key, filled);
}

/** `protocol.<key>` in `language`. */
export function protocolText(language: Language, key: string, params: Record<string, unknown> = {}): string | null {
  return messageText(language, `protocol.${key}`, params);
}

export function protocolReader(language: Language, timeZone?: string): ProtocolReader {
  return { language, timeZone, translate: (key, params) => messageText(language, key, params) };
}

export function resourceName(language: Language, resource: string | null): string {
  return describedResource(protocolReader(language), resource);
}

/** The entry's action in words (a migration's step by its own name). */
export function entryAction(language: Language, entry: ProtocolEntryRecord): string {
  return entryActionName(protocolReader(language), entry);
}

/** The entry's summary in the reader's language (the page renders it with the same core code). */
export function summaryText(language: Language, entry: ProtocolEntryRecord, timeZone?: string): string {
  return describeSummary(protocolReader(language, timeZone), entry);
}

/** The entry's changes on one line in the reader's language. */
export function changesText(language: Language, entry: ProtocolEntryRecord, timeZone?: string): string {
  return changesLine(protocolReader(language, timeZone), entry);
}
