/**
 * Every migration, listed statically (no FileMigrationProvider): the list survives bundling and
 * shows in one place what the schema is made of. Names sort in the order they must run.
 * To add one: create `NNNN_name.ts` exporting `up` (and `down`) and add it here.
 */
import type { Migration, MigrationProvider } from 'kysely';
import * as foundation from './0001_foundation';
import * as calculations from './0002_calculations';
import * as protocol from './0003_protocol';
import * as apiTokens from './0004_api_tokens';

export const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_calculations': calculations,
  '0003_protocol': protocol,
  '0004_api_tokens': apiTokens,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
