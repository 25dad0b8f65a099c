/**
 * Writing factor databases. Provider admins create global versions (empty or a copy), mandant admins derive their
 * mandant's own database from a published one. Drafts are edited, then published (immutable from then on) or
 * archived. Every write and its protocol entry commit together. Factors: factor-write-routes.ts; CSV import:
 * factor-import-route.ts.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { Type } from 'typebox';
import {
  CreateFactorDatabaseRequest,
  FactorDatabaseDiff,
  FactorDatabaseRecord,
  UpdateFactorDatabaseRequest,
  type FactorDatabaseAction,
  type FactorRecord,
  type SessionUser,
} from '../../core/api';
import { seesAllMandants } from '../../core/access/policy';
import { allowedTo, currentUser, signedIn } from '../auth/authenticate';
import type { DatabaseSchema } from '../db/schema';
import { inTransaction } from '../db/in-transaction';
import { isoNow } from '../db/values';
import { badRequest, conflict, errorAnswers, type FieldErrors } from '../http/errors';
import { idParams, idSchema } from '../http/record-id';
import { mandantForNewRow } from '../http/tenant-scope';
import { typed } from '../http/typed-routes';
import { databaseLabel } from '../../core/protocol/describe';
import { visibleDatabase, writableDatabase } from './access';
import { logDatabase, readDatabase, readFactors, updateDatabase } from './database-writes';
import { diffFactors } from './diff';

/** What a derived database copies of each factor of its base: every column but the id and the database. */
const COPIED_FACTOR_COLUMNS = [
  'key',
  'category',
  'unit',
  'value',
  'label',
  'source',
  'year',
  'region',
  'demo',
  'data_type',
  'technology',
  'declaration_kind',
  'biogenic_co2',
  'delivery_included',
] as const;

/** A database is publishable when it has factors and every one of them is complete and finite. */
function publishProblems(factors: FactorRecord[]): FieldErrors {
  if (factors.length === 0) return { factors: 'errors.factors.noFactors' };
  const problems: FieldErrors = {};
  for (const factor of factors) {
    if (!Number.isFinite(factor.value)) problems[`factors.${factor.key}.value`] = 'errors.factors.notFinite';
    if (!factor.category.trim()) problems[`factors.${factor.key}.category`] = 'errors.required';
    if (!factor.unit.trim()) problems[`factors.${factor.key}.unit`] = 'errors.required';
  }
  return problems;
}

/** The mandant a new database belongs to: mandant admins their own; provider admins may name one. */
function ownerOf(user: SessionUser, requested: number | null | undefined): number | null {
  return mandantForNewRow(user, requested);
}

function registerDatabaseCreateRoute(app: FastifyInstance, database: Kysely<DatabaseSchema>): void {
  const api = typed(app);
  const transaction = inTransaction(database);
  api.post(
    '/api/databases',
    {
      ...allowedTo(app, 'create', 'databases'),
      schema: {
        tags: ['databases'],
        summary:
          'Create a draft factor database: empty, or a copy of copy_from_id (mandant admins: derived from a published one)',
        body: CreateFactorDatabaseRequest,
        response: { 201: FactorDatabaseRecord, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const body = request.body;
      const mandantId = ownerOf(user, body.mandant_id);
      if (!seesAllMandants(user.role) && !body.copy_from_id) {
        throw badRequest('errors.factors.chooseBase', { copy_from_id: 'errors.required' });
      }
      const created = await transaction(async (trx) => {
        let base: FactorDatabaseRecord | undefined;
        if (body.copy_from_id) {
          base = await visibleDatabase(trx, user, body.copy_from_id).catch(() => {
            throw badRequest('errors.factors.baseMissing', { copy_from_id: 'errors.notFound' });
          });
          if (!seesAllMandants(user.role) && base.status !== 'published') {
            throw badRequest('errors.factors.basePublishedOnly', { copy_from_id: 'errors.notPublished' });
          }
          if (mandantId !== null && base.mandant_id !== null && base.mandant_id !== mandantId) {
            throw badRequest('errors.factors.baseOtherMandant', { copy_from_id: 'errors.notAllowed' });
          }
        }
        if (mandantId !== null && mandantId !== user.mandant_id) {
          const exists = await trx.selectFrom('mandants').select('id').where('id', '=', mandantId).executeTakeFirst();
          if (!exists) throw badRequest('errors.users.unknownMandant', { mandant_id: 'errors.notFound' });
        }
        const now = isoNow();
        const row = await trx
          .insertInto('factor_databases')
          .values({
            mandant_id: mandantId,
            name: (body.name ?? '').trim(),
            version_label: (body.version_label ?? '').trim(),
            status: 'draft',
            valid_from: body.valid_from ?? null,
            source: body.source?.trim() ?? base?.source ?? '',
            based_on_id: base?.id ?? null,
            demo: base?.demo ?? false,
            gwp_set: body.gwp_set?.trim() ?? base?.gwp_set ?? '',
            created_at: now,
            updated_at: now,
            version: 1,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const id = Number(row.id);
        if (base) {
          await trx
            .insertInto('factors')
            .columns(['database_id', ...COPIED_FACTOR_COLUMNS])
            .expression(
              trx
                .selectFrom('factors')
                .select([sql.lit(id).as('database_id'), ...COPIED_FACTOR_COLUMNS])
                .where('database_id', '=', base.id),
            )
            .execute();
        }
        const record = await readDatabase(trx, id);
        await logDatabase(
          trx,
          request,
          'created',
          record,
          undefined,
          base ? { source: databaseLabel(base.name, base.version_label) } : undefined,
        );
        return record;
      });
      return reply.status(201).send(created);
    },
  );
}

function registerDatabaseUpdateRoute(app: FastifyInstance, database: Kysely<DatabaseSchema>): void {
  const api = typed(app);
  const transaction = inTransaction(database);
  api.put(
    '/api/databases/:id',
    {
      ...allowedTo(app, 'update', 'databases'),
      schema: {
        tags: ['databases'],
        summary: 'Change a draft database (name, version label, validity, source, demo marker)',
        params: idParams,
        body: UpdateFactorDatabaseRequest,
        response: { 200: FactorDatabaseRecord, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      transaction(async (trx) => {
        const user = currentUser(request);
        const existing = await writableDatabase(trx, user, request.params.id);
        const body = request.body;
        if (body.version !== undefined && body.version !== existing.version) {
          throw conflict('errors.db.stale');
        }
        const values: Record<string, unknown> = {};
        if (body.name !== undefined) values.name = body.name.trim();
        if (body.version_label !== undefined) values.version_label = body.version_label.trim();
        if (body.valid_from !== undefined) values.valid_from = body.valid_from;
        if (body.source !== undefined) values.source = body.source.trim();
        if (body.gwp_set !== undefined) values.gwp_set = body.gwp_set.trim();
        // The owner says the values are real: the marker goes from the database and every factor in it.
        if (body.demo !== undefined && body.demo !== existing.demo) {
          values.demo = body.demo;
          await trx.updateTable('factors').set({ demo: body.demo }).where('database_id', '=', existing.id).execute();
        }
        if (Object.keys(values).length === 0) return existing;
        return updateDatabase(trx, request, existing, values);
      }),
  );
}

function registerDatabaseDeleteRoute(app: FastifyInstance, database: Kysely<DatabaseSchema>): void {
  const api = typed(app);
  const transaction = inTransaction(database);
  api.delete(
    '/api/databases/:id',
    {
      ...allowedTo(app, 'delete', 'databases'),
      schema: {
        tags: ['databases'],
        summary: 'Delete a draft database',
        params: idParams,
        response: { 200: FactorDatabaseRecord, ...errorAnswers(401, 403, 404, 409) },
      },
    },
    async (request) =>
      transaction(async (trx) => {
        const existing = await writableDatabase(trx, currentUser(request), request.params.id);
        await trx.deleteFrom('factors').where('database_id', '=', existing.id).execute();
        await trx.deleteFrom('factor_databases').where('id', '=', existing.id).execute();
        await logDatabase(trx, request, 'deleted', existing);
        return existing;
      }),
  );
}

/** Publishing a draft and archiving a published database: the same step between two statuses. */
function registerDatabaseStatusRoute(
  app: FastifyInstance,
  database: Kysely<DatabaseSchema>,
  action: Exclude<FactorDatabaseAction, 'roll-out'>,
): void {
  const api = typed(app);
  const transaction = inTransaction(database);
  api.post(
    `/api/databases/:id/${action}`,
    {
      ...allowedTo(app, 'update', 'databases'),
      schema: {
        tags: ['databases'],
        summary:
          action === 'publish'
            ? 'Publish a draft (non-empty, valid); immutable afterwards'
            : 'Archive a published database',
        params: idParams,
        response: { 200: FactorDatabaseRecord, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      transaction(async (trx) => {
        const user = currentUser(request);
        const existing = await writableDatabase(trx, user, request.params.id, false);
        const from = action === 'publish' ? 'draft' : 'published';
        if (existing.status !== from) {
          throw conflict(
            action === 'publish' ? 'errors.factors.onlyDraftPublishable' : 'errors.factors.onlyPublishedArchivable',
          );
        }
        if (action === 'publish') {
          const problems = publishProblems(await readFactors(trx, existing.id));
          if (Object.keys(problems).length > 0) throw badRequest('errors.factors.cannotPublish', problems);
        }
        const updated = await trx
          .updateTable('factor_databases')
          .set({ status: action === 'publish' ? 'published' : 'archived', updated_at: isoNow() })
          .set((eb) => ({ version: eb('version', '+', 1) }))
          .where('id', '=', existing.id)
          .where('status', '=', from)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) throw conflict('errors.db.stale');
        const record = await readDatabase(trx, existing.id);
        await logDatabase(trx, request, 'status_changed', record, existing);
        return record;
      }),
  );
}

/** Provider admins only: which global database every mandant without its own pin uses for new work. */
function registerDatabaseRollOutRoute(app: FastifyInstance, database: Kysely<DatabaseSchema>): void {
  const api = typed(app);
  const transaction = inTransaction(database);
  api.post(
    '/api/databases/:id/roll-out',
    {
      ...allowedTo(app, 'roll_out', 'databases'),
      schema: {
        tags: ['databases'],
        summary:
          'Roll a published global database out to all mandants: new calculations and imports use it unless a mandant pinned its own',
        params: idParams,
        response: { 200: FactorDatabaseRecord, ...errorAnswers(401, 403, 404, 409) },
      },
    },
    async (request) =>
      transaction(async (trx) => {
        const existing = await visibleDatabase(trx, currentUser(request), request.params.id);
        if (existing.status !== 'published' || existing.mandant_id !== null)
          throw conflict('errors.factors.rolloutPublishedGlobalOnly');
        return updateDatabase(trx, request, existing, { rolled_out_at: isoNow() });
      }),
  );
}

function registerDatabaseDiffRoute(app: FastifyInstance, database: Kysely<DatabaseSchema>): void {
  const api = typed(app);
  api.get(
    '/api/databases/:id/diff',
    {
      ...signedIn(app),
      schema: {
        tags: ['databases'],
        summary:
          'What changed from database `against` (old) to `id` (new): added, removed, changed with old/new value and percentage',
        params: idParams,
        querystring: Type.Object({ against: idSchema }),
        response: { 200: FactorDatabaseDiff, ...errorAnswers(400, 401, 404) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const to = await visibleDatabase(database, user, request.params.id);
      const from = await visibleDatabase(database, user, request.query.against);
      return diffFactors(from, to, await readFactors(database, from.id), await readFactors(database, to.id));
    },
  );
}

export function registerDatabaseWriteRoutes(app: FastifyInstance, database: Kysely<DatabaseSchema>): void {
  registerDatabaseCreateRoute(app, database);
  registerDatabaseUpdateRoute(app, database);
  registerDatabaseDeleteRoute(app, database);
  registerDatabaseStatusRoute(app, database, 'publish');
  registerDatabaseStatusRoute(app, database, 'archive');
  registerDatabaseRollOutRoute(app, database);
  registerDatabaseDiffRoute(app, database);
}
