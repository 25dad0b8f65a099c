/**
 * A factor database as a calculation uses it: the database row, a lookup by key for the
 * formula engine, and the keys per category for input validation (factor fields).
 */
import type { Kysely } from 'kysely';
import type { FactorDatabaseRecord, FactorRecord } from '../../core/api';
import { defaultDatabaseId as chooseDefaultDatabase } from '../../core/factor-database-default';
import { factorLookupOf } from '../../core/factor-lookup';
import type { FactorLookup } from '../../core/template';
import type { DatabaseSchema } from '../db/schema';
import { parseJson } from '../db/values';
import { toFactorDatabaseRecord, toFactorRecord } from './records';
import { databaseVisibleTo } from './visibility';

export interface FactorSet {
  database: FactorDatabaseRecord;
  factors: FactorRecord[];
  lookup: FactorLookup;
  /** category → keys, for `factor` fields. */
  keysByCategory: Record<string, string[]>;
}

export function toFactorSet(database: FactorDatabaseRecord, factors: FactorRecord[]): FactorSet {
  // Null prototype: a category named `constructor` or `__proto__` (rows written before the pattern) is an ordinary entry.
  const keysByCategory: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  for (const factor of factors) (keysByCategory[factor.category] ??= []).push(factor.key);
  return {
    database,
    factors,
    keysByCategory,
    lookup: factorLookupOf(factors),
  };
}

/**
 * Whether results computed with this set may store references to its factors (keys) instead of copies: a published
 * or archived version never changes again; a draft may (issue 38, item 2).
 */
export function immutableFactorSet(factors: FactorSet): boolean {
  return factors.database.status === 'published' || factors.database.status === 'archived';
}

/** A database visible to the mandant (global or its own; `null`: a mandant not yet created, global only), or undefined. */
export async function findDatabaseFor(
  db: Kysely<DatabaseSchema>,
  mandantId: number | null,
  databaseId: number,
): Promise<FactorDatabaseRecord | undefined> {
  const row = await db
    .selectFrom('factor_databases')
    .selectAll()
    .where('id', '=', databaseId)
    .where(databaseVisibleTo(mandantId))
    .executeTakeFirst();
  return row && toFactorDatabaseRecord(row);
}

/** The mandant's default database id for new work, by the one rule in core/factor-database-default.ts. */
export async function defaultDatabaseId(db: Kysely<DatabaseSchema>, mandantId: number): Promise<number | undefined> {
  const mandant = await db.selectFrom('mandants').select('settings').where('id', '=', mandantId).executeTakeFirst();
  const pinned = parseJson<{ default_database_id?: unknown }>(mandant?.settings, {}).default_database_id;
  if (typeof pinned === 'number' && Number.isInteger(pinned)) return pinned;
  const published = await db
    .selectFrom('factor_databases')
    .select(['id', 'mandant_id', 'status', 'valid_from', 'rolled_out_at'])
    .where('status', '=', 'published')
    .where(databaseVisibleTo(mandantId))
    .execute();
  return chooseDefaultDatabase(
    undefined,
    published.map((row) => ({
      ...row,
      id: Number(row.id),
      mandant_id: row.mandant_id === null ? null : Number(row.mandant_id),
    })),
  );
}

export async function loadFactorSet(db: Kysely<DatabaseSchema>, database: FactorDatabaseRecord): Promise<FactorSet> {
  const rows = await db
    .selectFrom('factors')
    .selectAll()
    .where('database_id', '=', database.id)
    .orderBy('key')
    .execute();
  return toFactorSet(database, rows.map(toFactorRecord));
}
