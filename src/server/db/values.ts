/**
 * Normalisation of stored values so both dialects answer alike: SQLite keeps booleans as 0/1 and
 * JSON as text, PostgreSQL returns real booleans, parsed jsonb and bigint counts as strings.
 */
import type { Static, TObject } from 'typebox';
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

interface PropertySchema {
  type?: string | readonly string[];
}

/** One stored value as a property of `schema` wants it; null stays null (absent values too). */
function storedValue(schema: PropertySchema, value: unknown, fallback: unknown): unknown {
  if (value === null || value === undefined) return fallback ?? null;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('integer') || types.includes('number')) return Number(value);
  if (types.includes('boolean')) return toBoolean(value as DbBoolean);
  if (types.includes('object') || types.includes('array')) return parseJson(value as DbJson, fallback ?? null);
  if (types.includes('string')) return String(value);
  return value;
}

/**
 * A row as the API record its schema (core/api) declares: one reading of every column, so a record's fields, types
 * and nullability are written once. `fallbacks` stand in for a column that is null, absent or unreadable JSON.
 */
export function recordFromRow<S extends TObject>(schema: S, row: Record<string, unknown>, fallbacks: Partial<Static<S>> = {}): Static<S> {
  const record: Record<string, unknown> = {};
  const optional = new Set(Object.keys(schema.properties).filter((key) => !(schema.required ?? []).includes(key)));
  for (const [key, property] of Object.entries(schema.properties)) {
    const fallback = (fallbacks as Record<string, unknown>)[key];
    if (optional.has(key) && (row[key] === undefined || row[key] === null) && fallback === undefined) continue;
    record[key] = storedValue(property as PropertySchema, row[key], fallback);
  }
  return record as Static<S>;
}
