/**
 * A registrar's transaction runner: `const transaction = inTransaction(database)` once, then
 * `await transaction(async (trx) => …)` in each handler, so a write and its protocol entry commit together.
 */
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from './schema';

export const inTransaction =
  (database: Kysely<DatabaseSchema>) =>
  <T>(work: (trx: Kysely<DatabaseSchema>) => Promise<T>): Promise<T> =>
    database.transaction().execute(work);
