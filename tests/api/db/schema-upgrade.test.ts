/**
 * The schema changes of the bulk-write work (0014 statement-level tag triggers on PostgreSQL,
 * 0015 index review, 0016 calculation_tags keyed by (calculation_id, tag), 0017 no fill trigger on
 * SQLite) on a database that already holds calculations and tag rows: down to 0013 and up again
 * keeps every tag row with its copied totals, and afterwards the copies still follow their
 * calculations — single and multi-row updates, a mandant change; on PostgreSQL tag rows inserted
 * without values are filled in. On the way up 0032 and 0072 fill the state rows, with each calculation's type.
 */
import { Migrator, sql } from 'kysely';
import { expect, it } from 'vitest';
import { migrationProvider } from '../../../src/server/db/schema-migrations';
import { insertCalculation as insertBoth, selectCalculations } from '../../../src/server/calculations/state';
import { describeEachDatabase, type TestContext } from '../harness';

type TagRow = {
  calculation_id: number;
  mandant_id: number;
  tag: string;
  created_at: string | null;
  total_co2e: number | null;
};

async function tagRows(ctx: TestContext): Promise<TagRow[]> {
  const rows = await ctx.db
    .selectFrom('calculation_tags')
    .select(['calculation_id', 'mandant_id', 'tag', 'created_at', 'total_co2e'])
    .orderBy('calculation_id')
    .orderBy('tag')
    .execute();
  return rows.map((r) => ({ ...r, total_co2e: r.total_co2e === null ? null : Number(r.total_co2e) }));
}

/**
 * Tag rows whose copies differ from their calculation's (NULLs expected only across mandants): its state row since
 * 0032, the calculation row itself before (`before0032`).
 */
async function outOfSync(ctx: TestContext, before0032 = false): Promise<number> {
  const source = before0032 ? sql`calculations c on c.id` : sql`calculation_state c on c.calculation_id`;
  const { rows } = await sql<{
    n: unknown;
  }>`select count(*) as n from calculation_tags t join ${source} = t.calculation_id
    where (t.mandant_id = c.mandant_id and (t.created_at is distinct from c.created_at or t.total_co2e is distinct from c.total_co2e))
       or (t.mandant_id <> c.mandant_id and (t.created_at is not null or t.total_co2e is not null))`.execute(ctx.db);
  return Number(rows[0]!.n);
}

/** `withValues` false: tag rows without created_at/total_co2e (filled in on PostgreSQL only, since 0017). */
async function insertCalculation(
  ctx: TestContext,
  mandantId: number,
  number: string,
  total: number,
  tags: string[],
  withValues = true,
): Promise<number> {
  const database = await ctx.db.selectFrom('factor_databases').select('id').orderBy('id').executeTakeFirstOrThrow();
  const at = '2024-03-01T10:00:00.000Z';
  const id = await insertBoth(ctx.db, {
    mandant_id: mandantId,
    number,
    template_id: 'flyer',
    template_version: 1,
    template_type: 'product',
    database_id: database.id,
    title: number,
    customer: null,
    tags: JSON.stringify(tags),
    status: 'draft',
    inputs: '{}',
    results: '{}',
    total_co2e: total,
    created_by: null,
    updated_by: null,
    created_at: at,
    updated_at: at,
    duplicated_from: null,
    import_id: null,
    frozen: false,
  });
  const values = withValues ? { created_at: at, total_co2e: total } : {};
  if (tags.length > 0)
    await ctx.db
      .insertInto('calculation_tags')
      .values(tags.map((tag) => ({ calculation_id: id, mandant_id: mandantId, tag, ...values })))
      .execute();
  return id;
}

describeEachDatabase('schema upgrade of calculation_tags', (ctx) => {
  it('keeps tag rows and their totals through 0016…0014 down and up, and the copies keep following', async () => {
    const muster = await ctx.mandantId('muster');
    const printco = await ctx.mandantId('printco');
    const ids = [
      await insertCalculation(ctx, muster, 'UP-1', 10, ['a', 'b']),
      await insertCalculation(ctx, muster, 'UP-2', 20, ['b']),
      await insertCalculation(ctx, muster, 'UP-3', 30, []),
    ];
    // A company footprint among them: 0072 must copy each calculation's own type onto its state row.
    await ctx.db.updateTable('calculations').set({ template_type: 'company' }).where('id', '=', ids[2]!).execute();
    await ctx.db
      .updateTable('calculation_state')
      .set({ template_type: 'company' })
      .where('calculation_id', '=', ids[2]!)
      .execute();
    expect(await outOfSync(ctx)).toBe(0);
    const before = await tagRows(ctx);
    expect(before.filter((r) => ids.includes(r.calculation_id))).toHaveLength(3);

    const stored = () => selectCalculations(ctx.db).orderBy('calculations.id').execute();
    const storedBefore = await stored();

    const migrator = new Migrator({ db: ctx.db, provider: migrationProvider });
    const down = await migrator.migrateTo('0013_statistics_month_index');
    expect(down.error).toBeUndefined();
    // Later migrations (0018_invitations, …) roll down first; the four under test come last, in this order.
    const names = down.results?.map((r) => r.migrationName) ?? [];
    expect(names.slice(-4)).toEqual([
      '0017_tag_row_writers',
      '0016_calculation_tags_key',
      '0015_calculation_index_review',
      '0014_statement_tag_triggers',
    ]);
    expect(names.slice(0, -4).every((name) => name > '0017')).toBe(true);
    expect(await tagRows(ctx)).toEqual(before);
    // The 0013 triggers work on the restored table.
    await sql`update calculations set total_co2e = 11 where id = ${ids[0]!}`.execute(ctx.db);
    expect(await outOfSync(ctx, true)).toBe(0);

    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    const after = await tagRows(ctx);
    expect(after.map(({ total_co2e: _t, ...key }) => key)).toEqual(before.map(({ total_co2e: _t, ...key }) => key));
    expect(after.find((r) => r.calculation_id === ids[0] && r.tag === 'a')?.total_co2e).toBe(11);
    // 0032 on populated data: one state row per calculation, with the values the wide row had.
    const counted = await sql<{ calculations: unknown; states: unknown }>`select
      (select count(*) from calculations) as calculations, (select count(*) from calculation_state) as states`.execute(
      ctx.db,
    );
    expect(Number(counted.rows[0]!.states)).toBe(Number(counted.rows[0]!.calculations));
    expect(await stored()).toEqual(storedBefore.map((row) => (row.id === ids[0] ? { ...row, total_co2e: 11 } : row)));
    // 0072 on populated data: every state row carries its calculation's type.
    const types = await ctx.db
      .selectFrom('calculations')
      .innerJoin('calculation_state', 'calculation_state.calculation_id', 'calculations.id')
      .select(['calculations.id', 'calculations.template_type as own', 'calculation_state.template_type as copy'])
      .orderBy('calculations.id')
      .execute();
    expect(types.length).toBeGreaterThan(3);
    for (const { id, own, copy } of types) expect(copy, `calculation ${id}`).toBe(own);
    expect(types.find((row) => row.id === ids[2])?.copy).toBe('company');

    // One statement changing several calculations, one of them twice over (total and created_at).
    await sql`update calculation_state set total_co2e = total_co2e * 2 where calculation_id in (${ids[0]}, ${ids[1]}, ${ids[2]})`.execute(
      ctx.db,
    );
    // created_at and mandant_id: a writer changes both rows (the state row holds the copies the tag rows follow).
    for (const [table, key] of [
      ['calculations', 'id'],
      ['calculation_state', 'calculation_id'],
    ] as const)
      await ctx.db
        .updateTable(table)
        .set({ created_at: '2024-04-01T00:00:00.000Z' })
        .where(key, '=', ids[1]!)
        .execute();
    expect(await outOfSync(ctx)).toBe(0);
    expect((await tagRows(ctx)).filter((r) => r.calculation_id === ids[1])).toEqual([
      { calculation_id: ids[1], mandant_id: muster, tag: 'b', created_at: '2024-04-01T00:00:00.000Z', total_co2e: 40 },
    ]);

    // A calculation moved to another mandant: its (old-mandant) tag rows stop counting.
    await ctx.db.updateTable('calculations').set({ mandant_id: printco }).where('id', '=', ids[1]!).execute();
    await ctx.db
      .updateTable('calculation_state')
      .set({ mandant_id: printco })
      .where('calculation_id', '=', ids[1]!)
      .execute();
    expect((await tagRows(ctx)).find((r) => r.calculation_id === ids[1])).toMatchObject({
      created_at: null,
      total_co2e: null,
    });
    expect(await outOfSync(ctx)).toBe(0);

    // The new key: one row per calculation and tag; deleting a calculation takes its tag rows along.
    await expect(
      ctx.db.insertInto('calculation_tags').values({ calculation_id: ids[0]!, mandant_id: muster, tag: 'a' }).execute(),
    ).rejects.toThrow();
    await insertCalculation(ctx, muster, 'UP-4', 5, ['c', 'd']);
    expect(await outOfSync(ctx)).toBe(0);
    const bare = await insertCalculation(ctx, muster, 'UP-5', 7, ['e'], false);
    expect((await tagRows(ctx)).find((r) => r.calculation_id === bare)).toMatchObject(
      ctx.dialect === 'postgres'
        ? { created_at: '2024-03-01T10:00:00.000Z', total_co2e: 7 }
        : { created_at: null, total_co2e: null },
    );
    await ctx.db.deleteFrom('calculations').where('id', '=', ids[0]!).execute();
    expect((await tagRows(ctx)).filter((r) => r.calculation_id === ids[0])).toEqual([]);
  });

  it('creates a new SQLite file with 8 KB pages in WAL mode', async () => {
    if (ctx.dialect !== 'sqlite') return;
    expect((await sql<{ page_size: number }>`pragma page_size`.execute(ctx.db)).rows[0]?.page_size).toBe(8192);
    expect((await sql<{ journal_mode: string }>`pragma journal_mode`.execute(ctx.db)).rows[0]?.journal_mode).toBe(
      'wal',
    );
  });
});
