/**
 * Which database runs a query: the one place runtime code asks (bulk paths, locks, SQL that differs). The frozen
 * schema migrations ask through `schema-migrations/columns.ts`, which re-exports this.
 */
import { PostgresAdapter, type QueryExecutor } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

/** Any Kysely instance or transaction, whatever schema it is typed with (a frozen migration's too). */
export function dialectOf(db: { getExecutor(): QueryExecutor }): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
