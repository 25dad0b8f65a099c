/**
 * Factor migrations: preview (nothing written to calculations; frozen ones excluded), apply in one
 * transaction, exact rollback, discard, and the refusals: a draft target, calculations changed since
 * the preview or since the apply, two applies at once, other mandants and viewers.
 */
import { expect, it } from 'vitest';
import type { CalculationRecord, FactorDatabaseRecord, FactorMigrationItemRecord, FactorMigrationRecord, ProtocolEntryRecord } from '../../src/core/api';
import { describeEachDatabase, type TestContext } from './harness';

const q = (params: Record<string, string>) => `?${new URLSearchParams(params).toString()}`;

describeEachDatabase('factor migrations', (ctx: TestContext) => {
  const databaseId = async (token: string, label: string) =>
    (await ctx.request<FactorDatabaseRecord[]>('GET', '/api/databases', { token })).body.find((d) => d.version_label === label && d.mandant_id === null)!.id;
  const calculations = async (token: string) =>
    (await ctx.request<CalculationRecord[]>('GET', `/api/calculations${q({ sort: '["id","ASC"]', range: '[0,99]' })}`, { token })).body;
  const items = async (token: string, migrationId: number) =>
    (await ctx.request<FactorMigrationItemRecord[]>('GET', `/api/migration-items${q({ filter: JSON.stringify({ migration_id: migrationId }), sort: '["calculation_id","ASC"]', range: '[0,999]' })}`, { token })).body;
  const preview = (token: string, to: number, extra: object = {}) =>
    ctx.request<FactorMigrationRecord>('POST', '/api/migrations', { token, body: { to_database_id: to, ...extra } });

  it('previews without writing, applies, and rolls back every field exactly', async () => {
    const token = await ctx.login('admin@muster.example');
    const d2024 = await databaseId(token, '2024');
    const d2025 = await databaseId(token, '2025');
    const original = await calculations(token);
    expect(original).toHaveLength(5);
    expect(original.every((c) => c.database_id === d2025)).toBe(true);
    // One calculation is frozen by an order: it is listed, but excluded.
    const frozen = original[2]!;
    await ctx.db.updateTable('calculations').set({ frozen: true }).where('id', '=', frozen.id).execute();
    const before = await calculations(token);

    const created = await preview(token, d2024, { from_database_id: d2025 });
    expect(created.status).toBe(201);
    const migration = created.body;
    expect(migration).toMatchObject({ status: 'previewed', from_database_id: d2025, to_database_id: d2024, created_by_name: expect.any(String) });
    expect(migration.summary.count).toBe(4);
    expect(migration.summary.excluded).toBe(1);
    expect(await calculations(token)).toEqual(before);

    const rows = await items(token, migration.id);
    expect(rows).toHaveLength(5);
    expect(rows.find((r) => r.calculation_id === frozen.id)).toMatchObject({ excluded: 'frozen', total_after: null });
    const included = rows.filter((r) => r.excluded === null);
    for (const row of included) expect(row.total_before).toBe(before.find((c) => c.id === row.calculation_id)!.total_co2e);
    expect(included.some((r) => r.total_after !== r.total_before)).toBe(true);
    expect(migration.summary.total_before).toBeCloseTo(included.reduce((s, r) => s + r.total_before, 0), 9);
    expect(migration.summary.total_after).toBeCloseTo(included.reduce((s, r) => s + r.total_after!, 0), 9);
    const changedRow = included.find((r) => r.total_after !== r.total_before)!;
    expect(changedRow.difference).toBeCloseTo(changedRow.total_after! - changedRow.total_before, 9);
    expect(changedRow.percent).toBeCloseTo(((changedRow.total_after! - changedRow.total_before) / changedRow.total_before) * 100, 9);

    const csv = await ctx.request<string>('GET', `/api/migrations/${migration.id}/items.csv`, { token });
    expect(csv.status).toBe(200);
    expect(String(csv.body).split('\n')).toHaveLength(6);

    const applied = await ctx.request<FactorMigrationRecord>('POST', `/api/migrations/${migration.id}/apply`, { token });
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ status: 'applied', applied_by_name: expect.any(String), applied_at: expect.any(String) });
    const after = await calculations(token);
    for (const row of included) {
      const calc = after.find((c) => c.id === row.calculation_id)!;
      const old = before.find((c) => c.id === row.calculation_id)!;
      expect(calc.database_id).toBe(d2024);
      expect(calc.results.database.id).toBe(d2024);
      expect(calc.total_co2e).toBe(row.total_after);
      expect(calc.version).toBe(old.version + 1);
      expect(calc.inputs).toEqual(old.inputs);
    }
    expect(after.find((c) => c.id === frozen.id)).toEqual(before.find((c) => c.id === frozen.id));
    // The migrated results are what the calculation's own recomputation gives: saving the same inputs changes nothing.
    const probe = after.find((c) => c.id === changedRow.calculation_id)!;
    const resaved = await ctx.request<CalculationRecord>('PUT', `/api/calculations/${probe.id}`, { token, body: { inputs: probe.inputs, version: probe.version } });
    expect(resaved.status).toBe(200);
    expect(resaved.body.version).toBe(probe.version);
    expect(resaved.body.results).toEqual(probe.results);
    expect((await ctx.request('POST', `/api/migrations/${migration.id}/apply`, { token })).status).toBe(409);
    expect((await ctx.request('POST', `/api/migrations/${migration.id}/discard`, { token })).status).toBe(409);

    const rolledBack = await ctx.request<FactorMigrationRecord>('POST', `/api/migrations/${migration.id}/rollback`, { token });
    expect(rolledBack.status).toBe(200);
    expect(rolledBack.body.status).toBe('rolled_back');
    expect(await calculations(token)).toEqual(before);
    expect((await ctx.request('POST', `/api/migrations/${migration.id}/rollback`, { token })).status).toBe(409);

    const protocol = await ctx.request<ProtocolEntryRecord[]>('GET', `/api/protocol${q({ filter: JSON.stringify({ resource: 'migrations', record_id: String(migration.id) }), range: '[0,50]', sort: '["id","ASC"]' })}`, { token });
    expect(protocol.body.map((e) => [e.action, e.summary.params?.step])).toEqual([
      ['migrated', 'preview'],
      ['migrated', 'apply'],
      ['migrated', 'rollback'],
    ]);
    const history = await ctx.request<FactorMigrationRecord[]>('GET', `/api/migrations${q({ sort: '["id","DESC"]' })}`, { token });
    expect(history.body[0]!.id).toBe(migration.id);
    await ctx.db.updateTable('calculations').set({ frozen: false }).where('id', '=', frozen.id).execute();
  });

  it('refuses an apply when a calculation changed since the preview (nothing written), and a rollback after later edits', async () => {
    const token = await ctx.login('admin@muster.example');
    const d2024 = await databaseId(token, '2024');
    const d2025 = await databaseId(token, '2025');
    const migration = (await preview(token, d2024)).body;
    const before = await calculations(token);
    const victim = before[1]!;
    const edited = await ctx.request<CalculationRecord>('PUT', `/api/calculations/${victim.id}`, { token, body: { customer: 'Changed meanwhile', version: victim.version } });
    expect(edited.status).toBe(200);
    const changed = await calculations(token);
    const refused = await ctx.request<{ message: string }>('POST', `/api/migrations/${migration.id}/apply`, { token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/neue Vorschau/);
    expect(await calculations(token)).toEqual(changed);
    expect((await ctx.request<FactorMigrationRecord>('GET', `/api/migrations/${migration.id}`, { token })).body.status).toBe('previewed');
    expect((await ctx.request<FactorMigrationRecord>('POST', `/api/migrations/${migration.id}/discard`, { token })).body.status).toBe('discarded');

    // A fresh preview applies; an edit after the apply blocks the rollback.
    const fresh = (await preview(token, d2024)).body;
    expect((await ctx.request('POST', `/api/migrations/${fresh.id}/apply`, { token })).status).toBe(200);
    const migrated = await calculations(token);
    const later = migrated[0]!;
    expect((await ctx.request('PUT', `/api/calculations/${later.id}`, { token, body: { customer: 'Edited after', version: later.version } })).status).toBe(200);
    const current = await calculations(token);
    expect((await ctx.request('POST', `/api/migrations/${fresh.id}/rollback`, { token })).status).toBe(409);
    expect(await calculations(token)).toEqual(current);
    expect((await ctx.request<FactorMigrationRecord>('GET', `/api/migrations/${fresh.id}`, { token })).body.status).toBe('applied');
    // Back to 2025 for the next test: a migration the other way.
    const back = (await preview(token, d2025)).body;
    expect((await ctx.request('POST', `/api/migrations/${back.id}/apply`, { token })).status).toBe(200);
    expect((await calculations(token)).every((c) => c.database_id === d2025)).toBe(true);
  });

  it('lets exactly one of two simultaneous applies win', async () => {
    const token = await ctx.login('admin@muster.example');
    const other = await ctx.login('editor@muster.example');
    const migration = (await preview(token, await databaseId(token, '2024'))).body;
    const answers = await Promise.all([
      ctx.request('POST', `/api/migrations/${migration.id}/apply`, { token }),
      ctx.request('POST', `/api/migrations/${migration.id}/apply`, { token: other }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const calcs = await calculations(token);
    expect(calcs.every((c) => c.version >= 1)).toBe(true);
    expect((await ctx.request<FactorMigrationRecord>('GET', `/api/migrations/${migration.id}`, { token })).body.status).toBe('applied');
    expect((await ctx.request('POST', `/api/migrations/${migration.id}/rollback`, { token })).status).toBe(200);
  });

  it('refuses drafts, viewers and other mandants', async () => {
    const provider = await ctx.login('admin@kontor.example');
    const draft = await ctx.request<FactorDatabaseRecord>('POST', '/api/databases', { token: provider, body: { name: 'Draft', version_label: 'draft-x', copy_from_id: await databaseId(provider, '2024') } });
    const token = await ctx.login('admin@muster.example');
    const toDraft = await preview(token, draft.body.id);
    expect(toDraft.status).toBe(400);
    expect(toDraft.body).toMatchObject({ errors: { to_database_id: 'Not published.' } });
    expect((await preview(token, 999999)).status).toBe(400);
    const viewer = await ctx.login('viewer@muster.example');
    expect((await preview(viewer, await databaseId(token, '2024'))).status).toBe(403);
    const migration = (await preview(token, await databaseId(token, '2024'))).body;
    const stranger = await ctx.login('admin@printco.example');
    expect((await ctx.request('GET', `/api/migrations/${migration.id}`, { token: stranger })).status).toBe(404);
    expect((await ctx.request('POST', `/api/migrations/${migration.id}/apply`, { token: stranger })).status).toBe(404);
    expect(await items(stranger, migration.id)).toEqual([]);
    expect((await ctx.request('POST', '/api/migrations', { token: provider, body: { to_database_id: draft.body.id } })).status).toBe(400);
    expect((await ctx.request('POST', `/api/migrations/${migration.id}/discard`, { token })).status).toBe(200);
  });
});
