/** Demo collections for a fresh database (called by seedDemo): two per mandant from its demo calculations. */
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import { isoNow } from '../db/values';
import { replaceCalculations, writeCollectionTags } from './membership';
import './tables';

const DEMO_COLLECTIONS = [
  {
    name: 'Frühjahrskampagne',
    description: 'Drucksachen der Frühjahrskampagne',
    tags: ['kampagne'],
    take: [0, 3] as const,
  },
  { name: 'Jahresbericht', description: null, tags: ['bericht'], take: [3, 5] as const },
];

export async function seedDemoCollections(db: Kysely<DatabaseSchema>, mandantIds: readonly number[]): Promise<void> {
  const now = isoNow();
  for (const mandantId of mandantIds) {
    const calculations = await db
      .selectFrom('calculations')
      .select(['id', 'created_by'])
      .where('mandant_id', '=', mandantId)
      .orderBy('id')
      .execute();
    if (calculations.length === 0) continue;
    for (const demo of DEMO_COLLECTIONS) {
      const row = await db
        .insertInto('collections')
        .values({
          mandant_id: mandantId,
          name: demo.name,
          description: demo.description,
          tags: JSON.stringify(demo.tags),
          created_by: calculations[0]?.created_by ?? null,
          created_at: now,
          updated_at: now,
          version: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const ids = calculations.slice(...demo.take).map((c) => Number(c.id));
      await replaceCalculations(db, row.id, mandantId, ids);
      await writeCollectionTags(db, row.id, mandantId, demo.tags);
    }
  }
}
