/**
 * Writing the factors of a draft database (e.g. a mandant admin overriding a value in the mandant's own database).
 * A factor belongs to its database: changing one is an update of the database, and moves its version.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Static } from 'typebox';
import {
  CreateFactorRequest,
  FactorRecord,
  UpdateFactorRequest,
  type FactorDatabaseRecord,
  type SessionUser,
} from '../../core/api';
import { mayChangeDatabase } from '../../core/access/policy';
import { allowedTo, currentUser } from '../auth/authenticate';
import type { DatabaseSchema } from '../db/schema';
import { inTransaction } from '../db/in-transaction';
import { msg } from '../../core/i18n/error-keys';
import { badRequest, errorAnswers, forbidden, notFound } from '../http/errors';
import { idParams } from '../http/record-id';
import { typed } from '../http/typed-routes';
import { recordChange } from '../audit/change';
import { visibleDatabase, writableDatabase } from './access';
import { touch } from './database-writes';
import { completeLabel, declarationProblems, factorColumns, type FactorInput } from './factor-input';
import { toFactorRecord } from './records';

function refuseDeclarationProblems(input: FactorInput): void {
  const errors = declarationProblems(input);
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);
}

/** A factor's change in the protocol: it belongs to its database's mandant. */
function logFactor(
  trx: Kysely<DatabaseSchema>,
  request: FastifyRequest,
  action: 'created' | 'updated' | 'deleted',
  record: FactorRecord,
  owner: FactorDatabaseRecord,
  previous?: FactorRecord,
) {
  return recordChange(trx, request, {
    action,
    resource: 'factors',
    record,
    previous: previous ?? null,
    mandantId: owner.mandant_id,
    label: record.key,
  });
}

/** A factor of a draft database the user may change, with that database. */
async function factorOfDraft(trx: Kysely<DatabaseSchema>, user: SessionUser, id: number) {
  const row = await trx.selectFrom('factors').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(msg('errors.noRecord', { resource: 'factors', id: id }));
  const factor = toFactorRecord(row);
  // A factor of a database the user cannot see does not exist for them.
  await visibleDatabase(trx, user, factor.database_id).catch(() => {
    throw notFound(msg('errors.noRecord', { resource: 'factors', id: id }));
  });
  return { factor, owner: await writableDatabase(trx, user, factor.database_id) };
}

/** A new factor's columns from a POST body, trimmed and completed. */
function createdInput(body: Static<typeof CreateFactorRequest>): FactorInput {
  return {
    key: body.key,
    category: body.category.trim(),
    unit: body.unit.trim(),
    value: body.value,
    label: completeLabel(body.label, body.key),
    source: body.source?.trim() ?? '',
    year: body.year ?? null,
    region: body.region?.trim() || null,
    data_type: body.data_type,
    technology: body.technology,
    declaration_kind: body.declaration_kind ?? null,
    biogenic_co2: body.biogenic_co2 ?? null,
    delivery_included: body.delivery_included ?? null,
  };
}

/** A factor's columns after a PUT body: what the body leaves out stays. */
function updatedInput(body: Static<typeof UpdateFactorRequest>, factor: FactorRecord): FactorInput {
  return {
    key: body.key ?? factor.key,
    category: body.category?.trim() ?? factor.category,
    unit: body.unit?.trim() ?? factor.unit,
    value: body.value ?? factor.value,
    label: body.label ? completeLabel(body.label, body.key ?? factor.key) : factor.label,
    source: body.source?.trim() ?? factor.source,
    year: body.year !== undefined ? body.year : factor.year,
    region: body.region !== undefined ? body.region?.trim() || null : factor.region,
    data_type: body.data_type ?? factor.data_type,
    technology: body.technology ?? factor.technology,
    declaration_kind: body.declaration_kind !== undefined ? body.declaration_kind : factor.declaration_kind,
    biogenic_co2: body.biogenic_co2 !== undefined ? body.biogenic_co2 : factor.biogenic_co2,
    delivery_included: body.delivery_included !== undefined ? body.delivery_included : factor.delivery_included,
  };
}

export function registerFactorWriteRoutes(app: FastifyInstance, database: Kysely<DatabaseSchema>): void {
  const api = typed(app);
  const transaction = inTransaction(database);

  api.post(
    '/api/factors',
    {
      ...allowedTo(app, 'update', 'databases'),
      schema: {
        tags: ['factors'],
        summary: 'Add a factor to a draft database',
        body: CreateFactorRequest,
        response: { 201: FactorRecord, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const record = await transaction(async (trx) => {
        const user = currentUser(request);
        const owner = await visibleDatabase(trx, user, body.database_id).catch(() => {
          throw badRequest('errors.factors.databaseMissing', { database_id: 'errors.notFound' });
        });
        if (!mayChangeDatabase(user, owner)) throw forbidden();
        await writableDatabase(trx, user, owner.id);
        const input = createdInput(body);
        refuseDeclarationProblems(input);
        const row = await trx
          .insertInto('factors')
          .values({ ...factorColumns(input), database_id: owner.id, demo: false })
          .returningAll()
          .executeTakeFirstOrThrow();
        await touch(trx, owner.id);
        const created = toFactorRecord(row);
        await logFactor(trx, request, 'created', created, owner);
        return created;
      });
      return reply.status(201).send(record);
    },
  );

  api.put(
    '/api/factors/:id',
    {
      ...allowedTo(app, 'update', 'databases'),
      schema: {
        tags: ['factors'],
        summary: 'Change a factor of a draft database (e.g. override a value in a mandant database)',
        params: idParams,
        body: UpdateFactorRequest,
        response: { 200: FactorRecord, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      transaction(async (trx) => {
        const { factor, owner } = await factorOfDraft(trx, currentUser(request), request.params.id);
        const body = request.body;
        if (body.database_id !== undefined && body.database_id !== factor.database_id) {
          throw badRequest('errors.factors.cannotMove', { database_id: 'errors.notAllowed' });
        }
        const input = updatedInput(body, factor);
        refuseDeclarationProblems(input);
        const row = await trx
          .updateTable('factors')
          .set(factorColumns(input))
          .where('id', '=', factor.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await touch(trx, owner.id);
        const updated = toFactorRecord(row);
        await logFactor(trx, request, 'updated', updated, owner, factor);
        return updated;
      }),
  );

  api.delete(
    '/api/factors/:id',
    {
      ...allowedTo(app, 'update', 'databases'),
      schema: {
        tags: ['factors'],
        summary: 'Remove a factor from a draft database',
        params: idParams,
        response: { 200: FactorRecord, ...errorAnswers(401, 403, 404, 409) },
      },
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
