/**
 * The labels and sources of the factors calculations were computed with. Stored results keep
 * each factor's key only (a published database: everything else is read from it) or its key, value, unit, year and
 * region (a draft database, and rows stored before; core/formula/stored-results); the descriptive texts are read
 * from the factor database — immutable once published — for all rows of a response at once.
 */
import type { Kysely } from 'kysely';
import type { FactorDetails, StoredFactor, StoredForm } from '../../core/formula';
import type { LocalizedText } from '../../core/languages';
import type { DatabaseSchema } from '../db/schema';
import { toBoolean } from '../db/values';
import { toFactorLabel } from '../factors/records';

type Detail = {
  value: number;
  unit: string;
  year: number | null;
  region: string | null;
  source: string;
  label: LocalizedText;
  data_type: string;
  technology: string;
  declaration_kind: string | null;
  biogenic_co2: number | null;
  delivery_included: boolean | null;
};

/** Answers the factor details of one database id (an unknown id: none). */
export type FactorDetailsByDatabase = (databaseId: number) => FactorDetails;

const NONE: FactorDetails = () => undefined;

/**
 * Database ids whose factors these stored results need texts or data quality for (rows of the old form carry their
 * own texts and their whole breakdown, which is answered as stored); rows that store references (keys) need the
 * factors' figures too.
 */
function databasesNeedingDetails(results: readonly StoredForm[]): number[] {
  const ids = new Set<number>();
  for (const stored of results) {
    const id = stored.database?.id;
    const factors: readonly (StoredFactor | string)[] = stored.factors ?? [];
    if (typeof id === 'number' && factors.length > 0 && !('breakdown' in stored)) ids.add(id);
  }
  return [...ids];
}

export async function loadFactorDetails(
  db: Kysely<DatabaseSchema>,
  results: readonly StoredForm[],
): Promise<FactorDetailsByDatabase> {
  const ids = databasesNeedingDetails(results);
  if (ids.length === 0) return () => NONE;
  const rows = await db
    .selectFrom('factors')
    .select([
      'database_id',
      'key',
      'value',
      'unit',
      'year',
      'region',
      'label',
      'source',
      'data_type',
      'technology',
      'declaration_kind',
      'biogenic_co2',
      'delivery_included',
    ])
    .where('database_id', 'in', ids)
    .execute();
  const byDatabase = new Map<number, Map<string, Detail>>();
  for (const row of rows) {
    let keys = byDatabase.get(Number(row.database_id));
    if (!keys) byDatabase.set(Number(row.database_id), (keys = new Map()));
    keys.set(row.key, {
      value: Number(row.value),
      unit: String(row.unit),
      year: row.year === null || row.year === undefined ? null : Number(row.year),
      region: row.region === null || row.region === undefined ? null : String(row.region),
      source: row.source,
      label: toFactorLabel(row.label),
      data_type: row.data_type,
      technology: row.technology,
      declaration_kind: row.declaration_kind,
      biogenic_co2: row.biogenic_co2 === null ? null : Number(row.biogenic_co2),
      delivery_included: row.delivery_included === null ? null : toBoolean(row.delivery_included),
    });
  }
  return (databaseId) => {
    const keys = byDatabase.get(databaseId);
    return keys ? (key) => keys.get(key) : NONE;
  };
}
