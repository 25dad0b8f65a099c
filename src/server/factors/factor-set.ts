/**
 * A factor database as a calculation uses it: the database row, a lookup by key for the
 * formula engine, and the keys per category for input validation (factor fields).
 */
import type { Kysely } from 'kysely';
import type { FactorDatabaseRecord, FactorRecord } from '../../core/api';
import { defaultDatabaseId as chooseDefaultDatabase } from '../../core/factor-database-default';
import type { FactorInfo, FactorLookup } from '../../core/template';
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
  // One FactorInfo per factor, made once: formulas read a factor for every row of an import or migration.
  const byKey = new Map<string, FactorInfo>();
  for (const factor of factors) {
    byKey.set(factor.key, {
      key: factor.key,
      value: factor.value,
      unit: factor.unit,
      source: factor.source,
      label: factor.label,
      year: factor.year,
      region: factor.region,
    });
  }
  // Null prototype: a category named `constructor` or `__proto__` (rows written before the pattern) is an ordinary entry.
  const keysByCategory: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  for (const factor of factors) (keysByCategory[factor.category] ??= []).push(factor.key);
  return { database, factors, keysByCategory, lookup: (key) => byKey.get(key) };
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
