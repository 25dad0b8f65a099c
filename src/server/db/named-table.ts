/**
 * A table a definition names at run time (the simple-rest engine's table store, the read-only lists). Kysely types a
 * builder from a literal table name; from a name held in a variable it cannot resolve its types, so these helpers
 * state them. They are the only place the generic engines step outside Kysely's typing.
 */
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { DatabaseSchema } from './schema';

export type TableName = keyof DatabaseSchema & string;

/** The database as tables of column → value maps: for the values a resource's hooks compute as plain rows. */
type NamedTables = Record<string, Record<string, unknown>>;

/** Writes (and the one-column reads of a guard) on a table named at run time, with column values as plain rows. */
export function tablesByName(db: Kysely<DatabaseSchema>): Kysely<NamedTables> {
  return db as unknown as Kysely<NamedTables>;
}

/** `select … from <table>` for a table named at run time, typed as the schema types that table. */
export function selectFromTable<T extends TableName>(
  db: Kysely<DatabaseSchema>,
  table: T,
): SelectQueryBuilder<DatabaseSchema, T, object> {
  return tablesByName(db).selectFrom(table) as unknown as SelectQueryBuilder<DatabaseSchema, T, object>;
}
