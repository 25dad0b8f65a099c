/**
 * The `collections` resource on the simple-rest plumbing (rest-resource.ts): tenant-scoped,
 * viewers read only, every write in one transaction with its protocol entry. What it adds:
 * - `calculation_ids` on create/update (ids of another mandant → 404, nothing written);
 * - a duplicate is a POST with `duplicated_from` (a visible collection, else 404): it copies
 *   name (+ " (copy)"), description, tags and calculations unless the body gives them;
 * - filters `q` (name, description), `tags` (all of them), `has_open_offsets` (true/false).
 * The totals and `calculation_ids` of each record are added after the query by one aggregate
 * (see routes.ts and totals.ts); the columns here are only the table's.
 */
import type { FastifyRequest } from 'fastify';
import { translate } from '../../core/i18n/translate';
import { sql, type Kysely } from 'kysely';
import { CollectionRecord, CollectionWrite, type SessionUser } from '../../core/api';
import type { DatabaseSchema } from '../db/schema';
import { parseJson } from '../db/values';
import { badRequest, notFound } from '../refusals';
import { recordColumns } from '../http/list-columns';
import type { RestResourceDefinition, Row } from '../http/rest-resource';
import { mandantForNewRow, scopeToMandant } from '../http/tenant-scope';
import { tagFilterValues } from '../calculations/list';
import { checkCalculationIds, replaceCalculations, writeCollectionTags } from './membership';
import { collectionMessage } from './messages';
import { collectionDerived, EMPTY_TOTALS, type CollectionDerived } from './totals';
import './tables';

/** The table's columns: the totals and ids are added after the query (totals.ts), so they neither sort nor filter. */
const COLUMNS = recordColumns(CollectionRecord, {
  omit: ['calculation_ids', 'calculation_count', 'total_co2e', 'ordered_co2e', 'open_co2e'],
});

/** Row → record; ids and totals start empty and are filled in before the answer is sent. */
export function toCollectionRecord(row: Row): CollectionRecord {
  return {
    id: Number(row.id),
    mandant_id: Number(row.mandant_id),
    name: String(row.name),
    description: row.description === null || row.description === undefined ? null : String(row.description),
    tags: parseJson<string[]>(row.tags as string, []),
    created_by: row.created_by === null || row.created_by === undefined ? null : Number(row.created_by),
    created_at: String(row.created_at),
    updated_at: String(row.updated_at),
    version: Number(row.version),
    calculation_ids: [],
    ...EMPTY_TOTALS,
  };
}

/**
 * What one write request decided before the row was written, for its hooks: the membership to
 * write, the original of a duplicate, what a delete answered. Keyed by the request, so it lives
 * exactly as long as the request does.
 */
interface WritePlan {
  calculationIds?: number[];
  original?: CollectionRecord;
  added?: number;
  removed?: number;
  /** Ids and totals of a deleted collection, read before its membership rows cascade away. */
  deleted?: CollectionDerived;
}
const plans = new WeakMap<FastifyRequest, WritePlan>();
const planOf = (request: FastifyRequest): WritePlan => {
  let plan = plans.get(request);
  if (!plan) plans.set(request, (plan = {}));
  return plan;
};

/** Ids and totals a delete read before the rows went; used by the answer (routes.ts). */
export function deletedDerived(request: FastifyRequest): CollectionDerived | undefined {
  return plans.get(request)?.deleted;
}

function cleanTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map((tag) => tag.trim()).filter((tag) => tag !== ''))];
}

function cleanText(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

async function findVisible(db: Kysely<DatabaseSchema>, user: SessionUser, id: number): Promise<CollectionRecord> {
  const row = await scopeToMandant(db.selectFrom('collections'), user, 'mandant_id')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(collectionMessage('notFound'));
  const record = toCollectionRecord(row);
  return { ...record, ...(await collectionDerived(db, [id])).get(id) };
}

function hasOpenOffsets(value: unknown) {
  const flag = value === true || value === 'true' ? true : value === false || value === 'false' ? false : null;
  if (flag === null)
    throw badRequest(collectionMessage('badOffsetFilter'), {
      'filter.has_open_offsets': collectionMessage('badOffsetFilter'),
    });
  const open = sql`exists (select 1 from collection_calculations as cc inner join calculations as c on c.id = cc.calculation_id where cc.collection_id = ${sql.ref('collections.id')} and not c.frozen)`;
  return flag ? sql<boolean>`${open}` : sql<boolean>`not ${open}`;
}

function hasTag(tag: string) {
  return sql<boolean>`exists (select 1 from collection_tags as ct where ct.tag = ${tag} and ct.mandant_id = ${sql.ref('collections.mandant_id')} and ct.collection_id = ${sql.ref('collections.id')})`;
}

export const collectionsResource: RestResourceDefinition<CollectionRecord> = {
  name: 'collections',
  table: 'collections',
  tenantColumn: 'mandant_id',
  columns: COLUMNS,
  searchable: ['name', 'description'],
  customFilters: {
    tags: (value) => {
      const tags = tagFilterValues(value);
      return tags.length === 0 ? sql<boolean>`1 = 1` : sql<boolean>`(${sql.join(tags.map(hasTag), sql` and `)})`;
    },
    has_open_offsets: (value) => hasOpenOffsets(value),
  },
  access: 'collections',
  toRecord: toCollectionRecord,
  recordSchema: CollectionRecord,
  createSchema: CollectionWrite,
  updateSchema: CollectionWrite,

  async beforeCreate(raw, ctx) {
    const { db, user, request } = ctx;
    const lang = user.language;
    const body = raw as CollectionWrite;
    const original =
      typeof body.duplicated_from === 'number' ? await findVisible(db, user, body.duplicated_from) : undefined;
    const mandantId = mandantForNewRow(user, body.mandant_id ?? original?.mandant_id);
    if (mandantId === null)
      throw badRequest(collectionMessage('mandantRequired'), { mandant_id: collectionMessage('mandantRequired') });
    if (original && original.mandant_id !== mandantId) throw notFound(collectionMessage('notFound'));
    const name =
      cleanText(body.name) ?? (original ? `${original.name} (${translate(lang, 'collections.copy_suffix')})` : null);
    if (name === null) throw badRequest(collectionMessage('nameRequired'), { name: collectionMessage('nameRequired') });
    const plan = planOf(request);
    plan.original = original;
    plan.calculationIds = await checkCalculationIds(
      db,
      mandantId,
      body.calculation_ids ?? original?.calculation_ids ?? [],
    );
    return {
      mandant_id: mandantId,
      name,
      description: body.description !== undefined ? cleanText(body.description) : (original?.description ?? null),
      tags: JSON.stringify(cleanTags(body.tags ?? original?.tags ?? [])),
      created_by: user.id,
    };
  },

  async beforeUpdate(raw, existing, ctx) {
    const { db, request } = ctx;
    const body = raw as CollectionWrite;
    const values: Row = {};
    if (body.mandant_id !== undefined && body.mandant_id !== null && body.mandant_id !== existing.mandant_id)
      throw notFound(collectionMessage('notFound'));
    if (body.name !== undefined) {
      const name = cleanText(body.name);
      if (name === null)
        throw badRequest(collectionMessage('nameRequired'), { name: collectionMessage('nameRequired') });
      if (name !== existing.name) values.name = name;
    }
    if (body.description !== undefined && cleanText(body.description) !== existing.description)
      values.description = cleanText(body.description);
    if (body.tags !== undefined) {
      const tags = cleanTags(body.tags);
      if (JSON.stringify(tags) !== JSON.stringify(existing.tags)) values.tags = JSON.stringify(tags);
    }
    if (body.calculation_ids !== undefined) {
      const ids = await checkCalculationIds(db, existing.mandant_id, body.calculation_ids);
      const current = (await collectionDerived(db, [existing.id])).get(existing.id)?.calculation_ids ?? [];
      const same = ids.length === current.length && ids.every((id) => current.includes(id));
      if (!same) {
        planOf(request).calculationIds = ids;
        // A membership change is a change of the collection (new version, protocol entry) even when
        // no column changes; rewriting the name unchanged makes rest-resource run the write.
        values.name ??= existing.name;
      }
    }
    return values;
  },

  async beforeDelete(existing, ctx) {
    planOf(ctx.request).deleted = (await collectionDerived(ctx.db, [existing.id])).get(existing.id);
  },

  async onChange(change, ctx) {
    if (change.operation === 'delete') return;
    const plan = planOf(ctx.request);
    const { record, previous } = change;
    if (plan.calculationIds !== undefined) {
      const { added, removed } = await replaceCalculations(ctx.db, record.id, record.mandant_id, plan.calculationIds);
      plan.added = added;
      plan.removed = removed;
    }
    if (!previous || JSON.stringify(previous.tags) !== JSON.stringify(record.tags)) {
      await writeCollectionTags(ctx.db, record.id, record.mandant_id, record.tags);
    }
  },

  // Membership is not a column, so the entry carries how many calculations came and went.
  protocol: (change, ctx) => {
    const plan = planOf(ctx.request);
    const params: Record<string, number | string> = {};
    if (plan.added) params.calculations_added = plan.added;
    if (plan.removed) params.calculations_removed = plan.removed;
    if (plan.original) params.source = plan.original.name;
    return {
      action: change.operation === 'create' && plan.original ? 'duplicated' : undefined,
      params: Object.keys(params).length > 0 ? params : undefined,
      ignore: [
        'created_at',
        'updated_at',
        'version',
        'calculation_ids',
        'calculation_count',
        'total_co2e',
        'ordered_co2e',
        'open_co2e',
      ],
    };
  },
};
