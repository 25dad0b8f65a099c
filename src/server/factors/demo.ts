/** Seeds the two published demo factor databases ("Demo-Faktoren 2024" and "Demo-Faktoren 2025"). */
import type { Kysely } from 'kysely';
import type { FactorDatabaseRecord } from '../../core/api';
import type { Technology } from '../../core/data-quality';
import { DEMO_FACTOR_DATABASES } from '../seed/factor-databases';
import type { DatabaseSchema } from '../db/schema';
import { isoNow } from '../db/values';
import { toFactorDatabaseRecord } from './records';

/**
 * Demo factors are secondary data. Those whose source says the figure is estimated or assumed rather than published
 * stand in for the process (a proxy); the others are published averages of their kind.
 */
export function demoTechnology(source: string): Technology {
  return /\bestimate\b|\bassumed\b/i.test(source) ? 'proxy' : 'average';
}

/** Inserts the demo databases as global (mandant_id NULL) published sets; answers them in order (2024, 2025). */
export async function seedDemoFactorDatabases(db: Kysely<DatabaseSchema>): Promise<FactorDatabaseRecord[]> {
  const now = isoNow();
  const created: FactorDatabaseRecord[] = [];
  let previous: number | null = null;
  for (const demo of DEMO_FACTOR_DATABASES) {
    const row = await db
      .insertInto('factor_databases')
      .values({
        mandant_id: null,
        name: demo.name,
        version_label: demo.version,
        status: demo.status,
        valid_from: demo.valid_from,
        source: demo.source,
        gwp_set: demo.gwp_set,
        based_on_id: previous,
        demo: true,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await db
      .insertInto('factors')
      .values(
        demo.factors.map((factor) => ({
          database_id: row.id,
          key: factor.key,
          category: factor.category,
          unit: factor.unit,
          value: factor.value,
          label: JSON.stringify(factor.label),
          source: factor.source,
          year: factor.year,
          region: factor.region,
          demo: factor.demo,
          data_type: 'secondary',
          technology: demoTechnology(factor.source),
        })),
      )
      .execute();
    previous = row.id;
    created.push(toFactorDatabaseRecord(row));
  }
  return created;
}
