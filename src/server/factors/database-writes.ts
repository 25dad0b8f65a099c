/**
 * What the factor write routes share: reading a database and its factors back, moving a database's bookkeeping when
 * its factors change, and the protocol entries. Every write and its protocol entry commit together.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { FactorDatabaseRecord, FactorRecord } from '../../core/api';
import { databaseLabel } from '../../core/protocol/describe';
import type { DatabaseSchema } from '../db/schema';
import { isoNow } from '../db/values';
import { recordChange } from '../audit/change';
import { toFactorDatabaseRecord, toFactorRecord } from './records';

export async function readDatabase(db: Kysely<DatabaseSchema>, id: number): Promise<FactorDatabaseRecord> {
  return toFactorDatabaseRecord(
    await db.selectFrom('factor_databases').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
  );
}

export async function readFactors(db: Kysely<DatabaseSchema>, databaseId: number): Promise<FactorRecord[]> {
  const rows = await db
    .selectFrom('factors')
    .selectAll()
    .where('database_id', '=', databaseId)
    .orderBy('key')
    .execute();
  return rows.map(toFactorRecord);
}

/** The database's bookkeeping after a change of its factors (version and updated_at move). */
export async function touch(db: Kysely<DatabaseSchema>, id: number): Promise<void> {
  await db
    .updateTable('factor_databases')
    .set((eb) => ({ updated_at: isoNow(), version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

export const logDatabase = (
  trx: Kysely<DatabaseSchema>,
  request: FastifyRequest,
  action: 'created' | 'updated' | 'deleted' | 'status_changed',
  record: FactorDatabaseRecord,
  previous?: FactorDatabaseRecord,
  params?: Record<string, string | number>,
) =>
  recordChange(trx, request, {
    action,
    resource: 'databases',
    record,
    previous: previous ?? null,
    mandantId: record.mandant_id,
    label: databaseLabel(record.name, record.version_label),
    ...(params && { params }),
  });

/** Changes a database's own columns, moves its version and writes the protocol entry, in the caller's transaction. */
export async function updateDatabase(
  trx: Kysely<DatabaseSchema>,
  request: FastifyRequest,
  existing: FactorDatabaseRecord,
  values: Record<string, unknown>,
) {
  await trx
    .updateTable('factor_databases')
    .set({ ...values, updated_at: isoNow() })
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', existing.id)
    .execute();
  const record = await readDatabase(trx, existing.id);
  await logDatabase(trx, request, 'updated', record, existing);
  return record;
}
