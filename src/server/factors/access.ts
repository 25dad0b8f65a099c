/**
 * Who may change which factor database: provider admins every one, mandant admins only their
 * mandant's own (derived) databases. Only drafts can be changed; published ones are immutable.
 */
import type { Kysely } from 'kysely';
import { msg } from '../../core/i18n/error-keys';
import type { FactorDatabaseRecord, SessionUser } from '../../core/api';
import { mayChangeDatabase } from '../../core/access/policy';
import type { DatabaseSchema } from '../db/schema';
import { conflict, forbidden, notFound } from '../refusals';
import { toFactorDatabaseRecord } from './records';
import { databaseVisibleTo } from './visibility';
import { seesAllMandants } from '../http/tenant-scope';

/** A database the user can see, or 404 (others' databases do not exist for them). */
export async function visibleDatabase(
  db: Kysely<DatabaseSchema>,
  user: SessionUser,
  id: number,
): Promise<FactorDatabaseRecord> {
  let query = db.selectFrom('factor_databases').selectAll().where('id', '=', id);
  if (!seesAllMandants(user)) query = query.where(databaseVisibleTo(user.mandant_id));
  const row = await query.executeTakeFirst();
  if (!row) throw notFound(msg('errors.noRecord', { resource: 'databases', id: id }));
  return toFactorDatabaseRecord(row);
}

/** A database the user may change (403 otherwise); `draftOnly`: 409 unless it is still a draft. */
export async function writableDatabase(
  db: Kysely<DatabaseSchema>,
  user: SessionUser,
  id: number,
  draftOnly = true,
): Promise<FactorDatabaseRecord> {
  const database = await visibleDatabase(db, user, id);
  if (!mayChangeDatabase(user, database)) throw forbidden();
  if (draftOnly && database.status !== 'draft') {
    throw conflict('errors.factors.frozen');
  }
  return database;
}
