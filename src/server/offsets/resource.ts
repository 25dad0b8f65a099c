/**
 * The `carbon-offset-projects` resource: a global catalogue (no mandant column). Everybody signed
 * in reads it, provider admins write it. Mandant users see active projects only: see routes.ts.
 */
import { CreateOffsetProjectRequest, OffsetProjectRecord, UpdateOffsetProjectRequest } from '../../core/api';
import { conflict } from '../http/errors';
import type { RestResourceDefinition, Row } from '../http/rest-resource';
import { recordOfRow } from '../http/row-record';

export const toOffsetProjectRecord = recordOfRow(OffsetProjectRecord);

const JSON_COLUMNS = new Set(['name', 'description', 'sdgs']);

/** Body → column values (JSON columns as text, which both dialects accept). */
function columnsOf(body: Row): Row {
  const values: Row = {};
  for (const key of Object.keys(UpdateOffsetProjectRequest.properties)) {
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
  recordSchema: OffsetProjectRecord,
  createSchema: CreateOffsetProjectRequest,
  updateSchema: UpdateOffsetProjectRequest,
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
