/** Row → `UnitRecord`, and the record's JSON schema. */
import type { UnitRecord } from '../../core/api';
import { LANGUAGES, type LocalizedText } from '../../core/languages';
import type { DbBoolean, DbJson } from '../db/schema';
import { parseJson, toBoolean } from '../db/values';
import type { Row } from '../http/rest-resource';

function localized(value: unknown): LocalizedText | null {
  if (value === null || value === undefined) return null;
  const parsed = parseJson<Partial<LocalizedText> | null>(value as DbJson, null);
  if (!parsed || typeof parsed !== 'object') return null;
  const fallback = parsed.de ?? '';
  return Object.fromEntries(LANGUAGES.map((lang) => [lang, parsed[lang] ?? fallback])) as LocalizedText;
}

export function toUnitRecord(row: Row): UnitRecord {
  return {
    id: Number(row.id),
    key: String(row.key),
    label: localized(row.label) ?? { de: String(row.key), en: String(row.key), fr: String(row.key), it: String(row.key), es: String(row.key) },
    singular: localized(row.singular),
    builtin: toBoolean(row.builtin as DbBoolean),
    created_at: String(row.created_at),
    updated_at: String(row.updated_at),
    version: Number(row.version),
  };
}

const localizedSchema = {
  type: 'object',
  properties: Object.fromEntries(LANGUAGES.map((lang) => [lang, { type: 'string' }])),
};

export const unitRecordSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    key: { type: 'string' },
    label: localizedSchema,
    singular: { ...localizedSchema, type: ['object', 'null'] },
    builtin: { type: 'boolean' },
    created_at: { type: 'string' },
    updated_at: { type: 'string' },
    version: { type: 'integer' },
  },
} as const;
