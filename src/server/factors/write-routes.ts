/**
 * Writing factor databases and factors. Provider admins create global versions (empty or a copy),
 * mandant admins derive their mandant's own database from a published one and override single
 * factors. Drafts are edited, then published (immutable from then on) or archived. Every write and
 * its protocol entry commit together.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { msg } from '../../core/i18n/error-keys';
import { sql, type Kysely } from 'kysely';
import type { FactorDatabaseRecord, FactorRecord, SessionUser } from '../../core/api';
import { mayChangeDatabase, seesAllMandants, type Action } from '../../core/access/policy';
import { currentUser, requireAccess } from '../auth/authenticate';
import type { DatabaseSchema } from '../db/schema';
import { isoNow } from '../db/values';
import { badRequest, conflict, errorRef, type FieldErrors, forbidden, notFound } from '../http/errors';
import { idParams, idSchema } from '../http/record-id';
import { mandantForNewRow } from '../http/tenant-scope';
import { databaseLabel } from '../../core/protocol/describe';
import { recordChange } from '../protocol/change';
import { visibleDatabase, writableDatabase } from './access';
import { parseFactorCsv } from './csv-import';
import { diffFactors } from './diff';
import { completeLabel, factorBodyProperties, factorColumns, type FactorInput } from './factor-input';
import { factorDatabaseDiffSchema, factorDatabaseRecordSchema, factorRecordSchema, toFactorDatabaseRecord, toFactorRecord } from './records';


const databaseBody = {
  name: { type: 'string', minLength: 1, maxLength: 200 },
  version_label: { type: 'string', minLength: 1, maxLength: 50 },
  valid_from: { type: ['string', 'null'], pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
  source: { type: 'string', maxLength: 1000 },
} as const;

interface DatabaseBody {
  name?: string;
  version_label?: string;
  valid_from?: string | null;
  source?: string;
  copy_from_id?: number | null;
  mandant_id?: number | null;
  version?: number;
}

type FactorBody = Partial<FactorInput> & { database_id?: number; label?: Record<string, string> };

async function readDatabase(db: Kysely<DatabaseSchema>, id: number): Promise<FactorDatabaseRecord> {
  return toFactorDatabaseRecord(await db.selectFrom('factor_databases').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
}

async function readFactors(db: Kysely<DatabaseSchema>, databaseId: number): Promise<FactorRecord[]> {
  const rows = await db.selectFrom('factors').selectAll().where('database_id', '=', databaseId).orderBy('key').execute();
  return rows.map(toFactorRecord);
}

/** The database's bookkeeping after a change of its factors (version and updated_at move). */
async function touch(db: Kysely<DatabaseSchema>, id: number): Promise<void> {
  await db
    .updateTable('factor_databases')
    .set((eb) => ({ updated_at: isoNow(), version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

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

export function registerFactorWriteRoutes(app: FastifyInstance, database: Kysely<DatabaseSchema>): void {
  // A factor belongs to its database: changing one is an update of the database.
  const admins = (action: Action) => ({ onRequest: [app.authenticate, requireAccess(action, 'databases')] });
  const transaction = <T>(work: (trx: Kysely<DatabaseSchema>) => Promise<T>) => database.transaction().execute(work);
  const logDatabase = (trx: Kysely<DatabaseSchema>, request: FastifyRequest, action: 'created' | 'updated' | 'deleted' | 'status_changed', record: FactorDatabaseRecord, previous?: FactorDatabaseRecord, params?: Record<string, string | number>) =>
    recordChange(trx, request, { action, resource: 'databases', record, previous: previous ?? null, mandantId: record.mandant_id, label: databaseLabel(record.name, record.version_label), ...(params && { params }) });
  const logFactor = (trx: Kysely<DatabaseSchema>, request: FastifyRequest, action: 'created' | 'updated' | 'deleted', record: FactorRecord, owner: FactorDatabaseRecord, previous?: FactorRecord) =>
    recordChange(trx, request, { action, resource: 'factors', record, previous: previous ?? null, mandantId: owner.mandant_id, label: record.key });

  /** Changes a database's own columns, moves its version and writes the protocol entry, in the caller's transaction. */
  const updateDatabase = async (trx: Kysely<DatabaseSchema>, request: FastifyRequest, existing: FactorDatabaseRecord, values: Record<string, unknown>) => {
    await trx
      .updateTable('factor_databases')
      .set({ ...values, updated_at: isoNow() })
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', existing.id)
      .execute();
    const record = await readDatabase(trx, existing.id);
    await logDatabase(trx, request, 'updated', record, existing);
    return record;
  };

  app.post<{ Body: DatabaseBody }>(
    '/api/databases',
    {
      ...admins('create'),
      schema: {
        tags: ['databases'],
        summary: 'Create a draft factor database: empty, or a copy of copy_from_id (mandant admins: derived from a published one)',
        body: {
          type: 'object',
          properties: { ...databaseBody, copy_from_id: { type: ['integer', 'null'], minimum: 1 }, mandant_id: { type: ['integer', 'null'], minimum: 1 } },
          required: ['name', 'version_label'],
          additionalProperties: false,
        },
        response: { 201: factorDatabaseRecordSchema, 400: errorRef, 401: errorRef, 403: errorRef, 404: errorRef },
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
            .columns(['database_id', 'key', 'category', 'unit', 'value', 'label', 'source', 'year', 'region', 'demo'])
            .expression(
              trx
                .selectFrom('factors')
                .select([sql.lit(id).as('database_id'), 'key', 'category', 'unit', 'value', 'label', 'source', 'year', 'region', 'demo'])
                .where('database_id', '=', base.id),
            )
            .execute();
        }
        const record = await readDatabase(trx, id);
        await logDatabase(trx, request, 'created', record, undefined, base ? { source: databaseLabel(base.name, base.version_label) } : undefined);
        return record;
      });
      return reply.status(201).send(created);
    },
  );

  app.put<{ Params: { id: number }; Body: DatabaseBody }>(
    '/api/databases/:id',
    {
      ...admins('update'),
      schema: {
        tags: ['databases'],
        summary: 'Change a draft database (name, version label, validity, source)',
        params: idParams,
        // react-admin sends the whole record: fields that are not editable are accepted and ignored.
        body: { type: 'object', properties: { ...databaseBody, version: { type: 'integer', minimum: 1 } }, additionalProperties: true },
        response: { 200: factorDatabaseRecordSchema, 400: errorRef, 401: errorRef, 403: errorRef, 404: errorRef, 409: errorRef },
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
        if (Object.keys(values).length === 0) return existing;
        return updateDatabase(trx, request, existing, values);
      }),
  );

  app.delete<{ Params: { id: number } }>(
    '/api/databases/:id',
    {
      ...admins('delete'),
      schema: { tags: ['databases'], summary: 'Delete a draft database', params: idParams, response: { 200: factorDatabaseRecordSchema, 401: errorRef, 403: errorRef, 404: errorRef, 409: errorRef } },
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

  const statusRoute = (action: 'publish' | 'archive') =>
    app.post<{ Params: { id: number } }>(
      `/api/databases/:id/${action}`,
      {
        ...admins('update'),
        schema: {
          tags: ['databases'],
          summary: action === 'publish' ? 'Publish a draft (non-empty, valid); immutable afterwards' : 'Archive a published database',
          params: idParams,
          response: { 200: factorDatabaseRecordSchema, 400: errorRef, 401: errorRef, 403: errorRef, 404: errorRef, 409: errorRef },
        },
      },
      async (request) =>
        transaction(async (trx) => {
          const user = currentUser(request);
          const existing = await writableDatabase(trx, user, request.params.id, false);
          const from = action === 'publish' ? 'draft' : 'published';
          if (existing.status !== from) {
            throw conflict(action === 'publish' ? 'errors.factors.onlyDraftPublishable' : 'errors.factors.onlyPublishedArchivable');
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
  statusRoute('publish');
  statusRoute('archive');

  // Provider admins only: which global database every mandant without its own pin uses for new work.
  app.post<{ Params: { id: number } }>(
    '/api/databases/:id/roll-out',
    {
      onRequest: [app.authenticate, requireAccess('roll_out', 'databases')],
      schema: {
        tags: ['databases'],
        summary: 'Roll a published global database out to all mandants: new calculations and imports use it unless a mandant pinned its own',
        params: idParams,
        response: { 200: factorDatabaseRecordSchema, 401: errorRef, 403: errorRef, 404: errorRef, 409: errorRef },
      },
    },
    async (request) =>
      transaction(async (trx) => {
        const existing = await visibleDatabase(trx, currentUser(request), request.params.id);
        if (existing.status !== 'published' || existing.mandant_id !== null) throw conflict('errors.factors.rolloutPublishedGlobalOnly');
        return updateDatabase(trx, request, existing, { rolled_out_at: isoNow() });
      }),
  );

  app.post<{ Params: { id: number }; Body: { csv: string } }>(
    '/api/databases/:id/import',
    {
      ...admins('update'),
      bodyLimit: 10 * 1024 * 1024,
      schema: {
        tags: ['databases'],
        summary: 'Import factors from CSV into a draft (key, category, unit, value, source, year, region, labels); one bad row rejects the file',
        params: idParams,
        body: { type: 'object', properties: { csv: { type: 'string', minLength: 1 } }, required: ['csv'], additionalProperties: false },
        response: {
          200: { type: 'object', properties: { inserted: { type: 'integer' }, updated: { type: 'integer' } }, required: ['inserted', 'updated'] },
          400: errorRef,
          401: errorRef,
          403: errorRef,
          404: errorRef,
          409: errorRef,
        },
      },
    },
    async (request) => {
      const factors = parseFactorCsv(request.body.csv);
      return transaction(async (trx) => {
        const existing = await writableDatabase(trx, currentUser(request), request.params.id);
        const present = new Map((await readFactors(trx, existing.id)).map((factor) => [factor.key, factor]));
        let inserted = 0;
        let updated = 0;
        for (const factor of factors) {
          const known = present.get(factor.key);
          if (known) {
            await trx.updateTable('factors').set({ ...factorColumns(factor), demo: false }).where('id', '=', known.id).execute();
            updated++;
          } else {
            await trx.insertInto('factors').values({ ...factorColumns(factor), database_id: existing.id, demo: false }).execute();
            inserted++;
          }
        }
        await touch(trx, existing.id);
        const record = await readDatabase(trx, existing.id);
        await logDatabase(trx, request, 'updated', record, existing, { imported: factors.length });
        return { inserted, updated };
      });
    },
  );

  app.get<{ Params: { id: number }; Querystring: { against: number } }>(
    '/api/databases/:id/diff',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['databases'],
        summary: 'What changed from database `against` (old) to `id` (new): added, removed, changed with old/new value and percentage',
        params: idParams,
        querystring: { type: 'object', properties: { against: idSchema }, required: ['against'] },
        response: { 200: factorDatabaseDiffSchema, 400: errorRef, 401: errorRef, 404: errorRef },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const to = await visibleDatabase(database, user, request.params.id);
      const from = await visibleDatabase(database, user, request.query.against);
      return diffFactors(from, to, await readFactors(database, from.id), await readFactors(database, to.id));
    },
  );

  // Factors of a draft database.
  const factorOfDraft = async (trx: Kysely<DatabaseSchema>, user: SessionUser, id: number) => {
    const row = await trx.selectFrom('factors').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound(msg('errors.noRecord', { resource: 'factors', id: id }));
    const factor = toFactorRecord(row);
    // A factor of a database the user cannot see does not exist for them.
    await visibleDatabase(trx, user, factor.database_id).catch(() => {
      throw notFound(msg('errors.noRecord', { resource: 'factors', id: id }));
    });
    return { factor, owner: await writableDatabase(trx, user, factor.database_id) };
  };

  app.post<{ Body: FactorBody }>(
    '/api/factors',
    {
      ...admins('update'),
      schema: {
        tags: ['factors'],
        summary: 'Add a factor to a draft database',
        body: { type: 'object', properties: factorBodyProperties, required: ['database_id', 'key', 'category', 'unit', 'value'], additionalProperties: false },
        response: { 201: factorRecordSchema, 400: errorRef, 401: errorRef, 403: errorRef, 404: errorRef, 409: errorRef },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const record = await transaction(async (trx) => {
        const user = currentUser(request);
        const owner = await visibleDatabase(trx, user, body.database_id!).catch(() => {
          throw badRequest('errors.factors.databaseMissing', { database_id: 'errors.notFound' });
        });
        if (!mayChangeDatabase(user, owner)) throw forbidden();
        await writableDatabase(trx, user, owner.id);
        const input: FactorInput = {
          key: body.key!,
          category: body.category!.trim(),
          unit: body.unit!.trim(),
          value: body.value!,
          label: completeLabel(body.label, body.key!),
          source: body.source?.trim() ?? '',
          year: body.year ?? null,
          region: body.region?.trim() || null,
        };
        const row = await trx.insertInto('factors').values({ ...factorColumns(input), database_id: owner.id, demo: false }).returningAll().executeTakeFirstOrThrow();
        await touch(trx, owner.id);
        const created = toFactorRecord(row);
        await logFactor(trx, request, 'created', created, owner);
        return created;
      });
      return reply.status(201).send(record);
    },
  );

  app.put<{ Params: { id: number }; Body: FactorBody }>(
    '/api/factors/:id',
    {
      ...admins('update'),
      schema: {
        tags: ['factors'],
        summary: 'Change a factor of a draft database (e.g. override a value in a mandant database)',
        params: idParams,
        // react-admin sends the whole record (id, demo …): unknown properties are ignored.
        body: { type: 'object', properties: factorBodyProperties, additionalProperties: true },
        response: { 200: factorRecordSchema, 400: errorRef, 401: errorRef, 403: errorRef, 404: errorRef, 409: errorRef },
      },
    },
    async (request) =>
      transaction(async (trx) => {
        const { factor, owner } = await factorOfDraft(trx, currentUser(request), request.params.id);
        const body = request.body;
        if (body.database_id !== undefined && body.database_id !== factor.database_id) {
          throw badRequest('errors.factors.cannotMove', { database_id: 'errors.notAllowed' });
        }
        const input: FactorInput = {
          key: body.key ?? factor.key,
          category: body.category?.trim() ?? factor.category,
          unit: body.unit?.trim() ?? factor.unit,
          value: body.value ?? factor.value,
          label: body.label ? completeLabel(body.label, body.key ?? factor.key) : factor.label,
          source: body.source?.trim() ?? factor.source,
          year: body.year !== undefined ? body.year : factor.year,
          region: body.region !== undefined ? body.region?.trim() || null : factor.region,
        };
        const row = await trx.updateTable('factors').set(factorColumns(input)).where('id', '=', factor.id).returningAll().executeTakeFirstOrThrow();
        await touch(trx, owner.id);
        const updated = toFactorRecord(row);
        await logFactor(trx, request, 'updated', updated, owner, factor);
        return updated;
      }),
  );

  app.delete<{ Params: { id: number } }>(
    '/api/factors/:id',
    {
      ...admins('update'),
      schema: { tags: ['factors'], summary: 'Remove a factor from a draft database', params: idParams, response: { 200: factorRecordSchema, 401: errorRef, 403: errorRef, 404: errorRef, 409: errorRef } },
    },
    async (request) =>
      transaction(async (trx) => {
        const { factor, owner } = await factorOfDraft(trx, currentUser(request), request.params.id);
        await trx.deleteFrom('factors').where('id', '=', factor.id).execute();
        await touch(trx, owner.id);
        await logFactor(trx, request, 'deleted', factor, owner);
        return factor;
      }),
  );
}
