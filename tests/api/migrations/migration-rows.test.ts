/**
 * A migration apply followed by its rollback leaves the stored rows exactly as they were: every
 * column of every calculation and of every tag row, compared as the database holds them (not
 * through the API records, which could hide a column the API does not show). The apply and the rollback write
 * only the calculations' state rows (migration 0032): the calculation rows, and so their index entries, stay
 * untouched — on PostgreSQL not even a new row version (same ctid).
 */
import { expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FactorDatabaseRecord, FactorMigrationRecord } from '../../../src/core/api';
import { describeEachDatabase, type TestContext } from '../harness';

describeEachDatabase('migration rows', (ctx: TestContext) => {
  /** Every stored row of the tables a migration writes, in a fixed order. */
  const storedRows = async () => ({
    calculations: (await sql`select * from calculations order by id`.execute(ctx.db)).rows,
    calculation_state: (await sql`select * from calculation_state order by calculation_id`.execute(ctx.db)).rows,
    calculation_tags: (await sql`select * from calculation_tags order by calculation_id, tag`.execute(ctx.db)).rows,
  });

  it('restores every column of every calculation and tag row after apply and rollback', async () => {
    const token = await ctx.login('admin@muster.example');
    const databases = (await ctx.request<FactorDatabaseRecord[]>('GET', '/api/databases', { token })).body;
    const target = databases.find((d) => d.version_label === '2025' && d.mandant_id === null)!;
    // Tags on every demo calculation, so the tag rows' copies of the total move with the migration.
    const [first] = (await sql<{ id: number }>`select id from calculations order by id limit 1`.execute(ctx.db)).rows;
    const tagged = await ctx.request('PUT', `/api/calculations/${first!.id}`, {
      token,
      body: { tags: ['rows-a', 'rows-b'], version: 1 },
    });
    expect(tagged.status).toBe(200);
    const before = await storedRows();
    expect(before.calculation_tags.length).toBeGreaterThan(0);
    /** Where each calculation row physically is (PostgreSQL): an UPDATE, even of equal values, moves it. */
    const rowVersions = async () =>
      ctx.dialect === 'postgres'
        ? (await sql`select id, ctid::text as at from calculations order by id`.execute(ctx.db)).rows
        : null;
    const versionsBefore = await rowVersions();

    const preview = await ctx.request<FactorMigrationRecord>('POST', '/api/migrations', {
      token,
      body: { to_database_id: target.id },
    });
    expect(preview.status).toBe(201);
    expect(preview.body.summary.count).toBeGreaterThan(0);
    expect((await ctx.request('POST', `/api/migrations/${preview.body.id}/apply`, { token })).status).toBe(200);
    const applied = await storedRows();
    expect(applied.calculation_state).not.toEqual(before.calculation_state);
    expect(applied.calculations).toEqual(before.calculations);
    expect(await rowVersions()).toEqual(versionsBefore);
    expect(applied.calculation_tags).not.toEqual(before.calculation_tags);

    expect((await ctx.request('POST', `/api/migrations/${preview.body.id}/rollback`, { token })).status).toBe(200);
    expect(await storedRows()).toEqual(before);
    expect(await rowVersions()).toEqual(versionsBefore);
  });
});
