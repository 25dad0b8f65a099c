/**
 * The references of calculations and tag rows hold on both databases whatever checks them
 * (foreign keys on SQLite, statement-level triggers on PostgreSQL since 0026): a write naming a
 * missing mandant, factor database, user or calculation is refused as a whole; deleting a user
 * empties created_by/updated_by, deleting a calculation takes its tag rows along, and a factor
 * database or mandant that calculations use cannot be deleted.
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import {
  insertCalculation,
  selectCalculations,
  STATE_COLUMNS,
  type CalculationInsert,
} from '../../../src/server/calculations/state';
import { describeEachDatabase, type TestContext } from '../harness';

describeEachDatabase('calculation references', (ctx: TestContext) => {
  const firstCalculation = async () =>
    (await selectCalculations(ctx.db).orderBy('calculations.id').limit(1).executeTakeFirstOrThrow())!;
  /** A calculation's two rows (migration 0032), written together as every writer does. */
  const insertBoth = (values: Record<string, unknown>) =>
    ctx.db.transaction().execute((trx) => insertCalculation(trx, values as unknown as CalculationInsert));
  /** Only the calculations row of `values` (one statement of several rows). */
  const mainRow = (values: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(values).filter(([column]) => !(STATE_COLUMNS as readonly string[]).includes(column)),
    ) as never;
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
    await refused(insertBoth(await copyOf({ mandant_id: 999_999 })));
    await refused(insertBoth(await copyOf({ database_id: 999_999 })));
    await refused(insertBoth(await copyOf({ updated_by: 999_999 })));
    // Two rows in one statement, one of them bad: neither stays.
    await refused(
      ctx.db
        .insertInto('calculations')
        .values([mainRow(await copyOf({})), mainRow(await copyOf({ created_by: 999_999 }))])
        .execute(),
    );
    expect(await count()).toBe(before);
    const calc = await firstCalculation();
    await refused(
      ctx.db
        .updateTable('calculation_state')
        .set({ database_id: 999_999 })
        .where('calculation_id', '=', calc.id)
        .execute(),
    );
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
    const copy = { id: await insertBoth(await copyOf({ created_by: user.id, updated_by: user.id })) };
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
    const orphan = await selectCalculations(ctx.db).where('calculations.id', '=', copy.id).executeTakeFirstOrThrow();
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
