/**
 * `machine-sets` and `machines`: a mandant's production data on the simple-rest plumbing (tenant-scoped, every write
 * with its protocol entry). A set is versioned like a factor database: a draft is edited, publishing fixes it (its
 * machines and energy contract no longer change, as calculations cite them) and makes it the mandant's current set,
 * which new calculations read. A new version is a draft `based_on_id` an earlier set, created with copies of its
 * machines. A set calculations used cannot be deleted.
 */
import { sql } from 'kysely';
import {
  CreateMachineRequest,
  CreateMachineSetRequest,
  MachineRecord,
  MachineSetRecord,
  UpdateMachineRequest,
  UpdateMachineSetRequest,
  type MachineFigures,
} from '../../core/api';
import type { MachineFigureName } from '../../core/production';
import { isoNow } from '../db/values';
import type { ErrorKey } from '../../core/i18n/error-keys';
import { badRequest, conflict } from '../refusals';
import { refuseWhileReferenced, type RestContext, type RestResourceDefinition, type Row } from '../http/rest-resource';
import { recordOfRow } from '../db/values';
import { changedColumns } from '../http/column-values';
import { scopeToMandant } from '../http/tenant-scope';
// The machine tables' types (declaration merging into DatabaseSchema).
import './schema';

export const toMachineSetRecord = recordOfRow(MachineSetRecord);
export const toMachineRecord = recordOfRow(MachineRecord);

const ENERGY_COLUMNS = [
  'electricity_factor',
  'electricity_supplier',
  'electricity_source',
  'electricity_year',
  'electricity_region',
  'electricity_go_share',
  'electricity_residual_factor',
  'electricity_residual_source',
  'electricity_location_factor',
  'electricity_location_source',
] as const;
/** The annual site footprint and its allocation key (issue 33, item 3): what a job's overhead share is computed from. */
const SITE_COLUMNS = ['site_kg_co2e', 'site_allocation_key', 'site_annual_amount', 'site_source', 'site_year'] as const;
/** The columns a new version copies from its base. */
const CONTRACT_COLUMNS = [...ENERGY_COLUMNS, ...SITE_COLUMNS] as const;
/** What a published set keeps fixed: the figures calculations cite, and the names they are cited by. */
const FIXED_WHEN_PUBLISHED = ['name', 'version_label', ...CONTRACT_COLUMNS] as const;

const nothingPublished = () => conflict('errors.machines.publishedImmutable');

async function findSet(ctx: RestContext, id: number): Promise<MachineSetRecord | undefined> {
  const row = await scopeToMandant(ctx.db.selectFrom('machine_sets'), ctx.user, 'mandant_id')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toMachineSetRecord(row);
}

/** The set a machine is written into: the caller's and a draft. */
async function draftSet(ctx: RestContext, id: number): Promise<MachineSetRecord> {
  const set = await findSet(ctx, id);
  if (!set) throw badRequest('errors.machines.noSet', { set_id: 'errors.machines.noSet' });
  if (set.status !== 'draft') throw nothingPublished();
  return set;
}

/** Figures without the ones sent as null, with empty sources allowed but trimmed. */
function figuresOf(sent: CreateMachineRequest['figures'] | MachineFigures): string {
  const figures: MachineFigures = {};
  for (const [name, figure] of Object.entries(sent ?? {})) {
    if (figure)
      figures[name as MachineFigureName] = {
        value: figure.value,
        source: figure.source.trim(),
        year: figure.year ?? null,
      };
  }
  return JSON.stringify(figures);
}

function setColumns(body: UpdateMachineSetRequest): Row {
  const values: Row = {};
  for (const key of ['name', 'version_label', ...CONTRACT_COLUMNS] as const) {
    const value = body[key];
    if (value !== undefined) values[key] = typeof value === 'string' ? value.trim() : value;
  }
  if (values.electricity_region === '') values.electricity_region = null;
  return values;
}

const EMPTY_CONTRACT: Row = Object.fromEntries(CONTRACT_COLUMNS.map((key) => [key, null]));

type ContractFields = Pick<MachineSetRecord, (typeof CONTRACT_COLUMNS)[number]>;

/**
 * The contract as a whole after a write: a site footprint needs its allocation key and the year's amount of it (a
 * job's share is footprint × its amount ÷ the year's), and a green contract that covers only part of the electricity
 * with guarantees of origin needs the residual mix for the rest. Checked on the merged record, so a draft can be
 * filled field by field only in an order that stays whole; each fault names its field.
 */
function checkContract(set: ContractFields): void {
  const errors: Record<string, ErrorKey> = {};
  const site = set.site_kg_co2e !== null || set.site_allocation_key !== null || set.site_annual_amount !== null;
  if (site) {
    if (set.site_kg_co2e === null) errors.site_kg_co2e = 'errors.machines.siteIncomplete';
    if (set.site_allocation_key === null) errors.site_allocation_key = 'errors.machines.siteIncomplete';
    if (set.site_annual_amount === null) errors.site_annual_amount = 'errors.machines.siteIncomplete';
  }
  const share = set.electricity_go_share;
  if (share !== null && set.electricity_factor === null)
    errors.electricity_factor = 'errors.machines.goShareNeedsContract';
  if (share !== null && share < 1 && set.electricity_residual_factor === null)
    errors.electricity_residual_factor = 'errors.machines.residualMixMissing';
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);
}

export const machineSetsResource: RestResourceDefinition<
  MachineSetRecord,
  typeof CreateMachineSetRequest,
  typeof UpdateMachineSetRequest
> = {
  name: 'machine-sets',
  table: 'machine_sets',
  tenantColumn: 'mandant_id',
  unlisted: ['version', ...CONTRACT_COLUMNS],
  searchable: ['name', 'version_label'],
  access: 'machine-sets',
  toRecord: toMachineSetRecord,
  recordSchema: MachineSetRecord,
  createSchema: CreateMachineSetRequest,
  updateSchema: UpdateMachineSetRequest,

  async beforeCreate(body, ctx) {
    const values: Row = {
      status: 'draft',
      current: false,
      electricity_supplier: '',
      electricity_source: '',
      electricity_residual_source: '',
      electricity_location_source: '',
      site_source: '',
    };
    if (body.based_on_id !== undefined && body.based_on_id !== null) {
      const base = await findSet(ctx, body.based_on_id);
      if (!base) throw badRequest('errors.machines.noSet', { based_on_id: 'errors.machines.noSet' });
      // A new version starts from its base's energy contract and site footprint as well as from its machines (copied in onChange).
      for (const key of CONTRACT_COLUMNS) values[key] = base[key];
      values.based_on_id = base.id;
      values.mandant_id = base.mandant_id;
    }
    if (body.status !== undefined && body.status !== 'draft')
      throw badRequest('errors.machines.startsAsDraft', { status: 'errors.machines.startsAsDraft' });
    if (body.current === true)
      throw badRequest('errors.machines.currentPublishedOnly', { current: 'errors.machines.currentPublishedOnly' });
    // Without a base, the set belongs to the caller's mandant (rest-resource sets it); provider admins do not write here.
    const created = { ...values, ...setColumns(body) };
    checkContract({ ...EMPTY_CONTRACT, ...created } as ContractFields);
    return created;
  },

  async beforeUpdate(body, existing) {
    const values = changedColumns(setColumns(body), existing);
    if (existing.status !== 'draft' && FIXED_WHEN_PUBLISHED.some((key) => key in values)) throw nothingPublished();
    checkContract({ ...existing, ...values } as ContractFields);
    if (body.based_on_id !== undefined && body.based_on_id !== existing.based_on_id) {
      throw badRequest('errors.machines.basedOnFixed', { based_on_id: 'errors.machines.basedOnFixed' });
    }
    const status = body.status ?? existing.status;
    if (status !== existing.status) {
      if (status === 'draft') throw conflict('errors.machines.publishedNoDraft');
      values.status = status;
      if (existing.status === 'draft') {
        values.published_at = isoNow();
        // The newest published version is what the printer's shop runs now.
        values.current = true;
      }
      if (status === 'archived') values.current = false;
    }
    if (body.current !== undefined && body.current !== existing.current && !('current' in values)) {
      if (body.current === true && status !== 'published') {
        throw badRequest('errors.machines.currentPublishedOnly', { current: 'errors.machines.currentPublishedOnly' });
      }
      values.current = body.current;
    }
    return values;
  },

  async beforeDelete(existing, ctx) {
    await refuseWhileReferenced(ctx, 'calculation_state', 'machine_set_id', existing.id, 'errors.machines.inUse');
    if (existing.current) throw conflict('errors.machines.currentNoDelete');
  },

  async onChange(change, ctx) {
    const { record, previous, operation } = change;
    if (operation === 'create' && record.based_on_id !== null) {
      const now = isoNow();
      await ctx.db
        .insertInto('machines')
        .columns(['mandant_id', 'set_id', 'key', 'kind', 'name', 'figures', 'created_at', 'updated_at', 'version'])
        .expression((eb) =>
          eb
            .selectFrom('machines')
            .select([
              sql.lit(record.mandant_id).as('mandant_id'),
              sql.lit(record.id).as('set_id'),
              'key',
              'kind',
              'name',
              'figures',
              sql.val(now).as('created_at'),
              sql.val(now).as('updated_at'),
              sql.lit(1).as('version'),
            ])
            .where('set_id', '=', record.based_on_id as number),
        )
        .execute();
    }
    // At most one current set per mandant: the one just made current replaces the previous one.
    if (operation === 'update' && record.current && !previous?.current) {
      await ctx.db
        .updateTable('machine_sets')
        .set({ current: false })
        .where('mandant_id', '=', record.mandant_id)
        .where('id', '!=', record.id)
        .where('current', '=', true)
        .execute();
    }
  },
  protocol: (change) => ({ label: `${change.record.name} ${change.record.version_label}` }),
};

export const machinesResource: RestResourceDefinition<
  MachineRecord,
  typeof CreateMachineRequest,
  typeof UpdateMachineRequest
> = {
  name: 'machines',
  table: 'machines',
  tenantColumn: 'mandant_id',
  unlisted: ['version'],
  searchable: ['key', 'name'],
  access: 'machines',
  toRecord: toMachineRecord,
  recordSchema: MachineRecord,
  createSchema: CreateMachineRequest,
  updateSchema: UpdateMachineRequest,

  async beforeCreate(body, ctx) {
    const set = await draftSet(ctx, body.set_id);
    return {
      mandant_id: set.mandant_id,
      set_id: set.id,
      key: body.key,
      kind: body.kind,
      name: body.name.trim(),
      figures: figuresOf(body.figures),
    };
  },

  async beforeUpdate(body, existing, ctx) {
    if (body.set_id !== undefined && body.set_id !== existing.set_id) {
      throw badRequest('errors.machines.cannotMove', { set_id: 'errors.machines.cannotMove' });
    }
    const values: Row = {};
    if (body.key !== undefined && body.key !== existing.key) values.key = body.key;
    if (body.kind !== undefined && body.kind !== existing.kind) values.kind = body.kind;
    if (body.name !== undefined && body.name.trim() !== existing.name) values.name = body.name.trim();
    if (body.figures !== undefined) {
      const figures = figuresOf(body.figures);
      if (figures !== figuresOf(existing.figures)) values.figures = figures;
    }
    if (Object.keys(values).length > 0) await draftSet(ctx, existing.set_id);
    return values;
  },

  async beforeDelete(existing, ctx) {
    await draftSet(ctx, existing.set_id);
  },
  protocol: (change) => ({ label: change.record.name }),
};
