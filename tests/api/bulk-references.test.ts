/**
 * The references of calculations and tag rows hold on both databases whatever checks them
 * (foreign keys on SQLite, statement-level triggers on PostgreSQL since 0026): a write naming a
 * missing mandant, factor database, user or calculation is refused as a whole; deleting a user
 * empties created_by/updated_by, deleting a calculation takes its tag rows along, and a factor
 * database or mandant that calculations use cannot be deleted.
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase, type TestContext } from './harness';

describeEachDatabase('calculation references', (ctx: TestContext) => {
  const firstCalculation = async () =>
    (await ctx.db.selectFrom('calculations').selectAll().orderBy('id').limit(1).executeTakeFirstOrThrow())!;
  const refused = async (write: Promise<unknown>) => {
    const error = await write.then(
      () => null,
      (e: unknown) => e as { code?: string; message?: string },
    );
    expect(error).not.toBeNull();
    expect(error!.code === '23503' || /FOREIGN KEY/.test(String(error!.message)), String(error!.message)).toBe(true);
  };
  /** A copy of an existing calculation with one column changed, as a write would send it. */
  const copyOf = async (change: Record<string, unknown>) => {
    const { id: _id, version: _version, tags, inputs, results, ...row } = await firstCalculation();
    // PostgreSQL answers jsonb parsed; a write sends JSON text.
    const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
    return {
      ...row,
      tags: text(tags),
      inputs: text(inputs),
      results: text(results),
      number: `K-REF-${Math.random()}`,
      ...change,
    };
  };

  it('refuses a calculation naming a missing mandant, factor database or user, and a tag row of a missing calculation', async () => {
    const count = async () =>
      Number((await sql<{ n: unknown }>`select count(*) as n from calculations`.execute(ctx.db)).rows[0]!.n);
    const before = await count();
    await refused(
      ctx.db
        .insertInto('calculations')
        .values(await copyOf({ mandant_id: 999_999 }))
        .execute(),
    );
    await refused(
      ctx.db
        .insertInto('calculations')
        .values(await copyOf({ database_id: 999_999 }))
        .execute(),
    );
    await refused(
      ctx.db
        .insertInto('calculations')
        .values(await copyOf({ updated_by: 999_999 }))
        .execute(),
    );
    // Two rows in one statement, one of them bad: neither stays.
    await refused(
      ctx.db
        .insertInto('calculations')
        .values([await copyOf({}), await copyOf({ created_by: 999_999 })])
        .execute(),
    );
    expect(await count()).toBe(before);
    const calc = await firstCalculation();
    await refused(ctx.db.updateTable('calculations').set({ database_id: 999_999 }).where('id', '=', calc.id).execute());
    await refused(
      ctx.db
        .insertInto('calculation_tags')
        .values({
          calculation_id: 999_999,
          mandant_id: calc.mandant_id,
          tag: 'x',
          created_at: calc.created_at,
          total_co2e: 1,
        })
        .execute(),
    );
  });

  it('keeps the delete behaviour: users set to null, tag rows cascade, used databases and mandants stay', async () => {
    const calc = await firstCalculation();
    await refused(ctx.db.deleteFrom('factor_databases').where('id', '=', calc.database_id).execute());
    await refused(ctx.db.deleteFrom('mandants').where('id', '=', calc.mandant_id).execute());

    const user = await ctx.db
      .insertInto('users')
      .values({
        mandant_id: calc.mandant_id,
        email: 'gone@muster.example',
        name: 'Gone',
        role: 'editor',
        language: 'de',
        password_hash: 'x',
        active: true,
        created_at: calc.created_at,
        updated_at: calc.created_at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const copy = await ctx.db
      .insertInto('calculations')
      .values(await copyOf({ created_by: user.id, updated_by: user.id }))
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('calculation_tags')
      .values({
        calculation_id: copy.id,
        mandant_id: calc.mandant_id,
        tag: 'ref',
        created_at: calc.created_at,
        total_co2e: 1,
      })
      .execute();
    await ctx.db.deleteFrom('users').where('id', '=', user.id).execute();
    const orphan = await ctx.db
      .selectFrom('calculations')
      .selectAll()
      .where('id', '=', copy.id)
      .executeTakeFirstOrThrow();
    expect([orphan.created_by, orphan.updated_by]).toEqual([null, null]);

    await ctx.db.deleteFrom('calculations').where('id', '=', copy.id).execute();
    const tags = await ctx.db
      .selectFrom('calculation_tags')
      .selectAll()
      .where('calculation_id', '=', copy.id)
      .execute();
    expect(tags).toEqual([]);
  });
});
