/**
 * The `carbon-offset-projects` resource: a global catalogue (no mandant column). Everybody signed
 * in reads it, provider admins write it. Mandant users see active projects only: see routes.ts.
 */
import { OFFSET_PROJECT_TYPES, type OffsetProjectRecord } from '../../core/api';
import { LANGUAGES } from '../../core/languages';
import { conflict } from '../http/errors';
import { MAX_INT32 } from '../http/record-id';
import type { RestResourceDefinition, Row } from '../http/rest-resource';
import { offsetProjectRecordSchema, toOffsetProjectRecord } from './record';


const localizedBody = (minLength: number) => ({
  type: 'object',
  properties: Object.fromEntries(LANGUAGES.map((lang) => [lang, { type: 'string', minLength, maxLength: 5000 }])),
  required: [...LANGUAGES],
  additionalProperties: false,
});

const properties = {
  name: localizedBody(1),
  description: localizedBody(0),
  country: { type: 'string', pattern: '^[A-Z]{2}$' },
  project_type: { type: 'string', enum: [...OFFSET_PROJECT_TYPES] },
  standard: { type: 'string', minLength: 1, maxLength: 200 },
  registry_id: { type: 'string', maxLength: 200 },
  registry_url: { type: ['string', 'null'], maxLength: 2000, pattern: '^https?://' },
  vintage: { type: 'integer', minimum: 1990, maximum: 2100 },
  price_per_tonne_minor: { type: 'integer', minimum: 1, maximum: MAX_INT32 },
  currency: { type: 'string', pattern: '^[A-Z]{3}$' },
  // Up to 10^12 kg: exact in a double and in a bigint column.
  tonnes_available_kg: { type: 'integer', minimum: 0, maximum: 1_000_000_000_000 },
  sdgs: { type: 'array', maxItems: 17, uniqueItems: true, items: { type: 'integer', minimum: 1, maximum: 17 } },
  // Images are served by Kontor itself (no third-party hosts): a path on this origin, or none.
  image_url: { type: ['string', 'null'], maxLength: 2000, pattern: '^/[^/]' },
  active: { type: 'boolean' },
} as const;

const REQUIRED = ['name', 'description', 'country', 'project_type', 'standard', 'vintage', 'price_per_tonne_minor', 'currency'];
const JSON_COLUMNS = new Set(['name', 'description', 'sdgs']);

/** Body → column values (JSON columns as text, which both dialects accept). */
function columnsOf(body: Row): Row {
  const values: Row = {};
  for (const key of Object.keys(properties)) {
    if (body[key] === undefined) continue;
    values[key] = JSON_COLUMNS.has(key) ? JSON.stringify(body[key]) : body[key];
  }
  return values;
}

export const offsetProjectsResource: RestResourceDefinition<OffsetProjectRecord> = {
  name: 'carbon-offset-projects',
  table: 'offset_projects',
  tenantColumn: null,
  columns: {
    id: { type: 'integer' },
    country: { type: 'text' },
    project_type: { type: 'text' },
    standard: { type: 'text' },
    registry_id: { type: 'text' },
    vintage: { type: 'integer' },
    price_per_tonne_minor: { type: 'integer' },
    currency: { type: 'text' },
    tonnes_available_kg: { type: 'number' },
    active: { type: 'boolean' },
    created_at: { type: 'timestamp' },
    updated_at: { type: 'timestamp' },
  },
  searchable: ['standard', 'country', 'registry_id', 'project_type'],
  access: 'carbon-offset-projects',
  toRecord: toOffsetProjectRecord,
  recordSchema: offsetProjectRecordSchema,
  createSchema: { type: 'object', properties, required: REQUIRED },
  updateSchema: { type: 'object', properties },
  async beforeCreate(body) {
    return { registry_id: '', sdgs: '[]', active: true, tonnes_available_kg: 0, ...columnsOf(body) };
  },
  async beforeUpdate(body, existing) {
    const values = columnsOf(body);
    // Unchanged fields are left out, so the protocol diff and the version only move on real changes.
    for (const [key, value] of Object.entries(values)) {
      const current = (existing as unknown as Row)[key];
      if ((JSON_COLUMNS.has(key) ? JSON.stringify(current) : current) === value) delete values[key];
    }
    return values;
  },
  async beforeDelete(existing, ctx) {
    // Orders keep their project for their certificate and the provider's accounts.
    const order = await ctx.db.selectFrom('orders').select('id').where('project_id', '=', existing.id).executeTakeFirst();
    if (order) throw conflict('errors.offsets.inUse');
  },
  protocol: (change) => ({ label: change.record.name.de }),
};
