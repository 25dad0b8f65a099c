/**
 * Column helpers so ONE migration set creates equivalent tables on SQLite and PostgreSQL.
 * Migrations receive a Kysely instance; the adapter tells which dialect runs them.
 */
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { dialectOf } from '../dialect';

export { dialectOf } from '../dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's schema types
export type MigrationDb = Kysely<any>;

/** Integer primary key: `integer primary key autoincrement` (SQLite), identity (PostgreSQL). */
export function idColumn(db: MigrationDb) {
  const postgres = dialectOf(db) === 'postgres';
  return (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();
}

/** JSON column type: jsonb on PostgreSQL, text on SQLite (parse with `parseJson`). */
export function jsonType(db: MigrationDb): 'jsonb' | 'text' {
  return dialectOf(db) === 'postgres' ? 'jsonb' : 'text';
}

/** Timestamps are ISO 8601 UTC text on both dialects, so they compare and sort as strings. */
export const TIMESTAMP = 'text' as const;
