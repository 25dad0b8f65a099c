import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { isoNow } from '../../src/server/db/values';
import { defaultDatabaseId, findDatabaseFor, loadFactorSet } from '../../src/server/factors/factor-set';
import { insertCalculations, variants } from '../bench/calculations-list.bench';

/**
 * A fresh database (`env`, as the bench's freshDatabase gives it) with a collection of `calculations` calculations of
 * the Muster mandant, published in German; answers the collection's id and its verification page's path. The
 * calculations are bulk-inserted (tests/bench), not computed one by one.
 */
export async function publishedCollection(
  env: Record<string, string>,
  calculations: number,
): Promise<{ collectionId: number; verifyPath: string }> {
  const app = await buildApp({ config: loadConfig({ ...env, DEMO_PASSWORD: 'kontor-demo' }) });
  try {
    const { db } = app.kontor;
    const mandant = await db.selectFrom('mandants').select('id').where('slug', '=', 'muster').executeTakeFirstOrThrow();
    const editor = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'editor@muster.example')
      .executeTakeFirstOrThrow();
    const factors = await loadFactorSet(
      db,
      (await findDatabaseFor(db, mandant.id, (await defaultDatabaseId(db, mandant.id))!))!,
    );
    await insertCalculations(app, mandant.id, editor.id, await variants(app, factors), calculations);
    const now = isoNow();
    const collection = await db
      .insertInto('collections')
      .values({
        mandant_id: mandant.id,
        name: 'Jahresbericht 1000',
        description: null,
        tags: '[]',
        created_by: editor.id,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ids = await db.selectFrom('calculations').select('id').where('mandant_id', '=', mandant.id).execute();
    for (let start = 0; start < ids.length; start += 500)
      await db
        .insertInto('collection_calculations')
        .values(
          ids.slice(start, start + 500).map((row) => ({
            collection_id: collection.id,
            calculation_id: row.id,
            mandant_id: mandant.id,
            added_at: now,
          })),
        )
        .execute();
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'editor@muster.example', password: 'kontor-demo' },
    });
    const published = await app.inject({
      method: 'POST',
      url: `/api/collections/${collection.id}/publications`,
      headers: { authorization: `Bearer ${login.json<{ token: string }>().token}` },
      payload: { language: 'de' },
    });
    if (published.statusCode !== 201) throw new Error(`publishing failed: ${published.body}`);
    return { collectionId: Number(collection.id), verifyPath: new URL(published.json<{ url: string }>().url).pathname };
  } finally {
    await app.close();
  }
}
