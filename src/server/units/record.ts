/** Row → `UnitRecord`, and the record's JSON schema. */
import { Localized, Nullable } from '../../core/api/schema';
import type { UnitRecord } from '../../core/api';
import type { DbBoolean } from '../db/schema';
import { toBoolean, toLocalizedText } from '../db/values';
import type { Row } from '../http/rest-resource';

export function toUnitRecord(row: Row): UnitRecord {
  return {
    id: Number(row.id),
    key: String(row.key),
    label: toLocalizedText(row.label) ?? { de: String(row.key), en: String(row.key), fr: String(row.key), it: String(row.key), es: String(row.key) },
    singular: toLocalizedText(row.singular),
    builtin: toBoolean(row.builtin as DbBoolean),
    created_at: String(row.created_at),
    updated_at: String(row.updated_at),
    version: Number(row.version),
  };
}

const localizedSchema = Localized();

export const unitRecordSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    key: { type: 'string' },
    label: localizedSchema,
    singular: Nullable(localizedSchema),
    builtin: { type: 'boolean' },
    created_at: { type: 'string' },
    updated_at: { type: 'string' },
    version: { type: 'integer' },
  },
} as const;
