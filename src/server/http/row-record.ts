/**
 * Rows ↔ API records. Rows → records are read off the record's own schema (core/api): each property's JSON type says
 * how its column is normalised across the dialects (db/values.ts), so a record's mapping cannot drift from the schema
 * that serialises it. Bodies → column values: JSON columns as text, unchanged columns left out.
 */
import type { Static, TObject, TSchema } from 'typebox';
import { LANGUAGES, type LocalizedText } from '../../core/languages';
import type { DbBoolean, DbJson } from '../db/schema';
import { parseJson, toBoolean, toLocalizedText } from '../db/values';

type Row = Record<string, unknown>;

interface PropertySchema {
  type?: string | string[];
  additionalProperties?: unknown;
}

/** The same text in every language. */
export const sameText = (text: string): LocalizedText => Object.fromEntries(LANGUAGES.map((lang) => [lang, text])) as LocalizedText;

/** `Localized()` (core/api/schema.ts): an object whose every property is a string. */
const isLocalized = (schema: PropertySchema) =>
  typeof schema.additionalProperties === 'object' && (schema.additionalProperties as PropertySchema).type === 'string';

function propertyValue(schema: PropertySchema, value: unknown, fallback: (() => unknown) | undefined): unknown {
  const types = [schema.type ?? 'object'].flat();
  const nullable = types.includes('null');
  if (nullable && (value === null || value === undefined)) return null;
  switch (types.find((type) => type !== 'null')) {
    case 'integer':
    case 'number':
      return Number(value);
    case 'boolean':
      return toBoolean(value as DbBoolean);
    case 'string':
      return String(value ?? '');
    case 'array':
      return parseJson(value as DbJson, []);
    default:
      if (!isLocalized(schema)) return parseJson(value as DbJson, {});
      return toLocalizedText(value) ?? (nullable ? null : (fallback?.() ?? sameText('')));
  }
}

/**
 * The mapping of one table's rows to the records `schema` describes (a column per property). `fallbacks` give the text
 * of a required localized property whose column holds none (default: empty in every language).
 */
export function recordOfRow<S extends TObject>(schema: S, fallbacks: Partial<Record<keyof Static<S>, (row: Row) => unknown>> = {}) {
  const properties = Object.entries(schema.properties as Record<string, TSchema>);
  return (row: Row): Static<S> => {
    const record: Row = {};
    for (const [key, property] of properties) {
      const fallback = fallbacks[key as keyof Static<S>];
      record[key] = propertyValue(property as PropertySchema, row[key], fallback && (() => fallback(row)));
    }
    return record as Static<S>;
  };
}

/** The column values of the properties `keys` a body has (JSON columns as text, which both dialects accept). */
export function columnValues(body: object, keys: readonly string[], jsonColumns: ReadonlySet<string> = new Set()): Row {
  const values: Row = {};
  for (const key of keys) {
    const value = (body as Row)[key];
    if (value === undefined) continue;
    values[key] = jsonColumns.has(key) && value !== null ? JSON.stringify(value) : value;
  }
  return values;
}

/** `values` without the columns the record already holds, so the protocol diff and the version move on real changes only. */
export function changedColumns(values: Row, existing: object, jsonColumns: ReadonlySet<string> = new Set()): Row {
  const changed: Row = {};
  for (const [key, value] of Object.entries(values)) {
    const current = (existing as Row)[key];
    const stored = jsonColumns.has(key) && current !== null && current !== undefined ? JSON.stringify(current) : current;
    if (stored !== value) changed[key] = value;
  }
  return changed;
}
