/**
 * The `carbon-offset-projects` resource: a global catalogue (no mandant column). Everybody signed
 * in reads it, provider admins write it. Mandant users see active projects only: see routes.ts.
 */
import { CreateOffsetProjectRequest, OffsetProjectRecord, UpdateOffsetProjectRequest } from '../../core/api';
import { refuseWhileReferenced, type RestResourceDefinition } from '../http/rest-resource';
import { recordOfRow } from '../db/values';
import { changedColumns, columnValues } from '../http/column-values';

export const toOffsetProjectRecord = recordOfRow(OffsetProjectRecord);

const JSON_COLUMNS = new Set(['name', 'description', 'sdgs']);
const columnsOf = (body: UpdateOffsetProjectRequest) =>
  columnValues(body, Object.keys(UpdateOffsetProjectRequest.properties), JSON_COLUMNS);

export const offsetProjectsResource: RestResourceDefinition<
  OffsetProjectRecord,
  typeof CreateOffsetProjectRequest,
  typeof UpdateOffsetProjectRequest
> = {
  name: 'carbon-offset-projects',
  table: 'offset_projects',
  tenantColumn: null,
  unlisted: ['registry_url', 'image_url', 'version'],
  columnTypes: { tonnes_available_kg: { type: 'number' } },
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
    return changedColumns(columnsOf(body), existing, JSON_COLUMNS);
  },
  async beforeDelete(existing, ctx) {
    // Orders keep their project for their certificate and the provider's accounts.
    await refuseWhileReferenced(ctx, 'orders', 'project_id', existing.id, 'errors.offsets.inUse');
  },
  protocol: (change) => ({ label: change.record.name.de }),
};
