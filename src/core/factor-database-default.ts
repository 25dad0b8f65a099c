/**
 * Which factor database a mandant's new calculations and imports use, decided in one place for the server
 * (calculations/prepare.ts, imports) and the client (the live preview, the importer, the profile):
 * 1. the database the mandant admin pinned in the mandant's settings;
 * 2. else the global database the provider admin rolled out to all mandants last;
 * 3. else the newest published database (by validity, then id).
 */
import type { FactorDatabaseRecord } from './api';

export type DatabaseChoice = Pick<
  FactorDatabaseRecord,
  'id' | 'mandant_id' | 'status' | 'valid_from' | 'rolled_out_at'
>;

const byNewest = (a: DatabaseChoice, b: DatabaseChoice) =>
  (b.valid_from ?? '').localeCompare(a.valid_from ?? '') || b.id - a.id;

/** The global published database rolled out last, if any. */
export function rolledOutDatabase<T extends DatabaseChoice>(databases: readonly T[]): T | undefined {
  return databases
    .filter(
      (database) => database.status === 'published' && database.mandant_id === null && database.rolled_out_at !== null,
    )
    .sort((a, b) => (b.rolled_out_at ?? '').localeCompare(a.rolled_out_at ?? '') || b.id - a.id)[0];
}

/** The newest published database. */
export function newestPublished<T extends DatabaseChoice>(databases: readonly T[]): T | undefined {
  return databases.filter((database) => database.status === 'published').sort(byNewest)[0];
}

/** The default database id for new work, given the mandant's pin and the databases it can see. */
export function defaultDatabaseId(pinned: unknown, databases: readonly DatabaseChoice[]): number | undefined {
  if (typeof pinned === 'number' && Number.isInteger(pinned)) return pinned;
  return (rolledOutDatabase(databases) ?? newestPublished(databases))?.id;
}
