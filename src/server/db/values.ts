/**
 * Normalisation of stored values so both dialects answer alike: SQLite keeps booleans as 0/1 and
 * JSON as text, PostgreSQL returns real booleans, parsed jsonb and bigint counts as strings.
 */
import type { Static, TObject } from 'typebox';
import { LANGUAGES, sameText, type LocalizedText } from '../../core/languages';
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

type Row = Record<string, unknown>;

interface PropertySchema {
  type?: string | readonly string[];
  additionalProperties?: unknown;
}

const typesOf = (schema: PropertySchema) => [schema.type ?? []].flat();

/** `Localized()` (core/api/schema.ts): an object whose every property is a string. */
const isLocalized = (schema: PropertySchema) =>
  typeof schema.additionalProperties === 'object' && (schema.additionalProperties as PropertySchema).type === 'string';

/** One stored value as a property of `schema` wants it; undefined when the column holds none (null, absent, unreadable JSON). */
function storedValue(schema: PropertySchema, value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  switch (typesOf(schema).find((type) => type !== 'null')) {
    case 'integer':
    case 'number':
      return Number(value);
    case 'boolean':
      return toBoolean(value as DbBoolean);
    case 'string':
      return String(value);
    case 'array':
      return parseJson<unknown>(value as DbJson, undefined) ?? undefined;
    case 'object':
      return isLocalized(schema)
        ? (toLocalizedText(value) ?? undefined)
        : (parseJson<unknown>(value as DbJson, undefined) ?? undefined);
    default:
      return value;
  }
}

/** What a required, non-nullable property reads as when its column holds none: the empty value of its type. */
function emptyValue(schema: PropertySchema): unknown {
  switch (typesOf(schema)[0]) {
    case 'integer':
    case 'number':
      return 0;
    case 'boolean':
      return false;
    case 'string':
      return '';
    case 'array':
      return [];
    case 'object':
      return isLocalized(schema) ? sameText('') : {};
    default:
      return null;
  }
}

/**
 * The mapping of one table's rows to the API records `schema` (core/api) declares, a column per property: one reading
 * of every column, so a record's fields, types and nullability are written once. A column holding no value (null,
 * absent, unreadable JSON) reads as its fallback of the row if there is one, else an optional property is left out,
 * a nullable one is null and a required one is the empty value of its type (text: empty in every language).
 */
export function recordOfRow<S extends TObject>(
  schema: S,
  fallbacks: NoInfer<{ [K in keyof Static<S>]?: (row: Row) => Static<S>[K] }> = {},
) {
  const required = new Set<string>(schema.required ?? []);
  const properties = Object.entries(schema.properties as Record<string, PropertySchema>);
  return (row: Row): Static<S> => {
    const record: Row = {};
    for (const [key, property] of properties) {
      const value = storedValue(property, row[key]);
      const fallback = (fallbacks as Record<string, ((row: Row) => unknown) | undefined>)[key];
      if (value !== undefined) record[key] = value;
      else if (fallback) record[key] = fallback(row);
      else if (required.has(key)) record[key] = typesOf(property).includes('null') ? null : emptyValue(property);
    }
    return record as Static<S>;
  };
}
