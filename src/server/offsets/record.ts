/** Row → `OffsetProjectRecord`, and the record's JSON schema. */
import { Localized } from '../../core/api/schema';
import type { OffsetProjectRecord, OffsetProjectType } from '../../core/api';
import type { LocalizedText } from '../../core/languages';
import type { DbBoolean, DbJson } from '../db/schema';
import { parseJson, toBoolean, toLocalizedText } from '../db/values';
import type { Row } from '../http/rest-resource';

const NO_TEXT: LocalizedText = { de: '', en: '', fr: '', it: '', es: '' };

export function toOffsetProjectRecord(row: Row): OffsetProjectRecord {
  return {
    id: Number(row.id),
    name: toLocalizedText(row.name) ?? NO_TEXT,
    description: toLocalizedText(row.description) ?? NO_TEXT,
    country: String(row.country),
    project_type: row.project_type as OffsetProjectType,
    standard: String(row.standard),
    registry_id: String(row.registry_id ?? ''),
    registry_url: row.registry_url === null || row.registry_url === undefined ? null : String(row.registry_url),
    vintage: Number(row.vintage),
    price_per_tonne_minor: Number(row.price_per_tonne_minor),
    currency: String(row.currency),
    tonnes_available_kg: Number(row.tonnes_available_kg),
    sdgs: parseJson<number[]>(row.sdgs as DbJson, []),
    image_url: row.image_url === null || row.image_url === undefined ? null : String(row.image_url),
    active: toBoolean(row.active as DbBoolean),
    created_at: String(row.created_at),
    updated_at: String(row.updated_at),
    version: Number(row.version),
  };
}

const localizedSchema = Localized();

export const offsetProjectRecordSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: localizedSchema,
    description: localizedSchema,
    country: { type: 'string' },
    project_type: { type: 'string' },
    standard: { type: 'string' },
    registry_id: { type: 'string' },
    registry_url: { type: ['string', 'null'] },
    vintage: { type: 'integer' },
    price_per_tonne_minor: { type: 'integer' },
    currency: { type: 'string' },
    tonnes_available_kg: { type: 'integer' },
    sdgs: { type: 'array', items: { type: 'integer' } },
    image_url: { type: ['string', 'null'] },
    active: { type: 'boolean' },
    created_at: { type: 'string' },
    updated_at: { type: 'string' },
    version: { type: 'integer' },
  },
} as const;
