/**
 * Collections over HTTP. Registered as one encapsulated plugin so its answer hook applies to its
 * own routes only:
 *   /api/collections…                           the simple-rest resource (resource.ts)
 *   POST   /api/collections/:id/calculations {ids}  add calculations (idempotent) → the collection
 *   DELETE /api/collections/:id/calculations {ids}  remove calculations → the collection
 *   GET    /api/collections/tags                    the tags in use (for the filter's choices)
 * Ids of another mandant's calculations answer 404 for the whole request, nothing changed.
 * Duplicate: `POST /api/collections` with `duplicated_from` (see resource.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Kysely } from 'kysely';
import { CollectionMembershipRequest, CollectionRecord } from '../../core/api';
import { allowedTo, currentUser } from '../auth/authenticate';
import type { DatabaseSchema } from '../db/schema';
import { isoNow } from '../db/values';
import { conflict, errorAnswers, notFound } from '../http/errors';
import { idParams } from '../http/record-id';
import { registerRestResource } from '../http/rest-resource';
import { scopeToMandant } from '../http/tenant-scope';
import { typed } from '../http/typed-routes';
import { recordChange } from '../audit/change';
import { addCalculations, checkCalculationIds, removeCalculations } from './membership';
import { collectionMessage } from './messages';
import { collectionsResource, deletedDerived, toCollectionRecord } from './resource';
import { collectionDerived } from './totals';
import './tables';

function isCollectionRecord(value: unknown): value is CollectionRecord {
  return (
    typeof value === 'object' &&
    value !== null &&
    'calculation_ids' in value &&
    'mandant_id' in value &&
    typeof (value as unknown as { id: unknown }).id === 'number'
  );
}

/** Fills in ids and totals of every collection record an answer carries, with one aggregate. */
async function completeAnswer(db: Kysely<DatabaseSchema>, request: FastifyRequest, payload: unknown): Promise<unknown> {
  if (request.method === 'DELETE' && isCollectionRecord(payload)) {
    const deleted = deletedDerived(request);
    if (deleted) return { ...payload, ...deleted };
  }
  const records = Array.isArray(payload)
    ? payload.filter(isCollectionRecord)
    : isCollectionRecord(payload)
      ? [payload]
      : [];
  if (records.length === 0) return payload;
  const derived = await collectionDerived(
    db,
    records.map((r) => r.id),
  );
  const complete = (r: CollectionRecord) => ({ ...r, ...derived.get(r.id) });
  return Array.isArray(payload)
    ? payload.map((item) => (isCollectionRecord(item) ? complete(item) : item))
    : complete(payload as CollectionRecord);
}

/** What a membership change reads of its request. */
interface MembershipRequest extends FastifyRequest {
  params: { id: number };
  body: { ids: number[] };
}

export async function registerCollectionRoutes(app: FastifyInstance, db: Kysely<DatabaseSchema>): Promise<void> {
  await app.register(async (scope) => {
    // Runs after a write's transaction has committed, so reading through the app's db is safe.
    scope.addHook('preSerialization', async (request, _reply, payload) => completeAnswer(db, request, payload));

    const api = typed(scope);
    api.get(
      '/api/collections/tags',
      {
        ...allowedTo(scope, 'read', 'collections'),
        schema: {
          tags: ['collections'],
          summary: 'The tags used by the collections the caller can see, sorted',
          response: { 200: Type.Array(Type.String()), ...errorAnswers(401) },
        },
      },
      async (request) => {
        const rows = await scopeToMandant(db.selectFrom('collection_tags'), currentUser(request), 'mandant_id')
          .select('tag')
          .distinct()
          .orderBy('tag')
          .limit(500)
          .execute();
        return rows.map((row) => row.tag);
      },
    );

    registerRestResource(scope, db, collectionsResource);

    const membershipSchema = (summary: string) => ({
      tags: ['collections'],
      summary,
      params: idParams,
      body: CollectionMembershipRequest,
      response: { 200: CollectionRecord, ...errorAnswers(400, 401, 403, 404, 409) },
    });

    /** One membership change in one transaction: checked ids, the rows, a new version, the protocol entry. */
    const changeMembership = (request: MembershipRequest, operation: 'add' | 'remove') =>
      db.transaction().execute(async (trx) => {
        const user = currentUser(request);
        const row = await scopeToMandant(trx.selectFrom('collections'), user, 'mandant_id')
          .selectAll()
          .where('id', '=', request.params.id)
          .executeTakeFirst();
        if (!row) throw notFound(collectionMessage('notFound'));
        const before = toCollectionRecord(row);
        const ids = await checkCalculationIds(trx, before.mandant_id, request.body.ids);
        const beforeIds = (await collectionDerived(trx, [before.id])).get(before.id)?.calculation_ids ?? [];
        const changed =
          operation === 'add'
            ? await addCalculations(trx, before.id, before.mandant_id, ids)
            : await removeCalculations(trx, before.id, ids);
        if (changed === 0) return before;
        const bumped = await trx
          .updateTable('collections')
          .set((eb) => ({ updated_at: isoNow(), version: eb('version', '+', 1) }))
          .where('id', '=', before.id)
          .where('version', '=', before.version)
          .executeTakeFirst();
        if (Number(bumped.numUpdatedRows) === 0) throw conflict('errors.db.stale');
        const after = toCollectionRecord(
          await trx.selectFrom('collections').selectAll().where('id', '=', before.id).executeTakeFirstOrThrow(),
        );
        const afterIds = (await collectionDerived(trx, [before.id])).get(before.id)?.calculation_ids ?? [];
        // The entry keeps the calculations' numbers: people look them up by number, and a calculation
        // deleted later can no longer be named from its id.
        const allIds = [...new Set([...beforeIds, ...afterIds])];
        const numbers = new Map(
          allIds.length === 0
            ? []
            : (await trx.selectFrom('calculations').select(['id', 'number']).where('id', 'in', allIds).execute()).map(
                (c) => [Number(c.id), c.number] as const,
              ),
        );
        const numbered = (ids: number[]) => ids.map((id) => numbers.get(id) ?? id).sort();
        await recordChange(trx, request, {
          action: 'updated',
          resource: 'collections',
          record: { ...after, calculation_ids: numbered(afterIds) },
          previous: { ...before, calculation_ids: numbered(beforeIds) },
          params: operation === 'add' ? { calculations_added: changed } : { calculations_removed: changed },
          ignore: [
            'created_at',
            'updated_at',
            'version',
            'calculation_count',
            'total_co2e',
            'ordered_co2e',
            'open_co2e',
          ],
        });
        return after;
      });

    api.post(
      '/api/collections/:id/calculations',
      {
        ...allowedTo(scope, 'update', 'collections'),
        schema: membershipSchema('Add calculations to a collection (ids already in it are ignored)'),
      },
      async (request) => changeMembership(request, 'add'),
    );
    api.delete(
      '/api/collections/:id/calculations',
      {
        ...allowedTo(scope, 'update', 'collections'),
        schema: membershipSchema('Remove calculations from a collection'),
      },
      async (request) => changeMembership(request, 'remove'),
    );
  });
}
