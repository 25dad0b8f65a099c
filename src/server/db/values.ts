/**
 * Normalisation of stored values so both dialects answer alike: SQLite keeps booleans as 0/1 and
 * JSON as text, PostgreSQL returns real booleans, parsed jsonb and bigint counts as strings.
 */
import { LANGUAGES, type LocalizedText } from '../../core/languages';
import type { DbBoolean, DbJson } from './schema';

export function toBoolean(value: DbBoolean | null | undefined): boolean {
  return value === true || value === 1;
}

export function parseJson<T>(value: DbJson | null | undefined, fallback: T): T {
  if (value === null || value === undefined) return fallback;
  if (typeof value === 'string') {
    try {
      return JSON.parse(value) as T;
    } catch {
      return fallback;
    }
  }
  return value as T;
}

/** Aggregates come back as number (SQLite) or string/bigint (PostgreSQL). */
export function toCount(value: unknown): number {
  return Number(value ?? 0);
}

/** The one timestamp format both dialects store: ISO 8601 UTC text, sortable as text. */
export function isoNow(offsetMs = 0): string {
  return new Date(Date.now() + offsetMs).toISOString();
}

/**
 * A stored `{de, en, …}` text with every language filled: a missing one falls back to German, else to the first text
 * there is. Null when the column holds no object (absent, SQL null, not JSON).
 */
export function toLocalizedText(value: unknown): LocalizedText | null {
  if (value === null || value === undefined) return null;
  const parsed = parseJson<Partial<LocalizedText> | null>(value as DbJson, null);
  if (!parsed || typeof parsed !== 'object') return null;
  const fallback = parsed.de ?? Object.values(parsed).find((text) => typeof text === 'string') ?? '';
  return Object.fromEntries(LANGUAGES.map((lang) => [lang, parsed[lang] ?? fallback])) as LocalizedText;
}
