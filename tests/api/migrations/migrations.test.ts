/**
 * Factor migrations: preview (nothing written to calculations; frozen ones excluded), apply in one
 * transaction, exact rollback, discard, and the refusals: a draft target, calculations changed since
 * the preview or since the apply, two applies at once, other mandants and viewers. Template-version
 * migrations (inputs carried over, invalid ones excluded with the reason, exact rollback) and
 * migrations of the calculations a list filter matches, resolved on the server.
 */
import { selectCalculations } from '../../../src/server/calculations/state';
import { expect, it } from 'vitest';
import type {
  CalculationRecord,
  FactorDatabaseRecord,
  FactorMigrationItemRecord,
  FactorMigrationRecord,
  ProtocolEntryRecord,
  TemplateVersionRecord,
} from '../../../src/core/api';
import type { Template } from '../../../src/core/template';
import { roundFigure } from '../../../src/core/number-format';
import { describeEachDatabase, type TestContext } from '../harness';

const q = (params: Record<string, string>) => `?${new URLSearchParams(params).toString()}`;

describeEachDatabase('factor migrations', (ctx: TestContext) => {
  const databaseId = async (token: string, label: string) =>
    (await ctx.request<FactorDatabaseRecord[]>('GET', '/api/databases', { token })).body.find(
      (d) => d.version_label === label && d.mandant_id === null,
    )!.id;
  // Whole records: without `range` the list answers them (a page carries list rows, without inputs and breakdown).
  const calculations = async (token: string) =>
    (await ctx.request<CalculationRecord[]>('GET', `/api/calculations${q({ sort: '["id","ASC"]' })}`, { token })).body;
  const items = async (token: string, migrationId: number) =>
    (
      await ctx.request<FactorMigrationItemRecord[]>(
        'GET',
        `/api/migration-items${q({ filter: JSON.stringify({ migration_id: migrationId }), sort: '["calculation_id","ASC"]', range: '[0,999]' })}`,
        { token },
      )
    ).body;
  const preview = (token: string, to: number, extra: object = {}) =>
    ctx.request<FactorMigrationRecord>('POST', '/api/migrations', { token, body: { to_database_id: to, ...extra } });

  it('previews without writing, applies, and rolls back every field exactly', async () => {
    const token = await ctx.login('admin@muster.example');
    const d2024 = await databaseId(token, '2024');
    const d2025 = await databaseId(token, '2025');
    const original = await calculations(token);
    expect(original).toHaveLength(6);
    // The demo calculations use the older demo database, so a fresh start has a newer one to migrate to.
    expect(original.every((c) => c.database_id === d2024)).toBe(true);
    // One calculation is frozen by an order: it is listed, but excluded.
    const frozen = original[2]!;
    await ctx.db.updateTable('calculations').set({ frozen: true }).where('id', '=', frozen.id).execute();
    const before = await calculations(token);
    // Every stored column of every calculation (results JSON, total, database, version, updated_*), not only the records.
    const storedRows = () => ctx.db.selectFrom('calculations').selectAll().orderBy('id').execute();
    const storedBefore = await storedRows();

    const created = await preview(token, d2025, { from_database_id: d2024 });
    expect(created.status).toBe(201);
    const migration = created.body;
    expect(migration).toMatchObject({
      status: 'previewed',
      from_database_id: d2024,
      to_database_id: d2025,
      created_by_name: expect.any(String),
    });
    expect(migration.summary.count).toBe(5);
    expect(migration.summary.excluded).toBe(1);
    expect(await calculations(token)).toEqual(before);

    const rows = await items(token, migration.id);
    expect(rows).toHaveLength(6);
    expect(rows.find((r) => r.calculation_id === frozen.id)).toMatchObject({ excluded: 'frozen', total_after: null });
    const included = rows.filter((r) => r.excluded === null);
    for (const row of included)
      expect(row.total_before).toBe(before.find((c) => c.id === row.calculation_id)!.total_co2e);
    expect(included.some((r) => r.total_after !== r.total_before)).toBe(true);
    expect(migration.summary.total_before).toBeCloseTo(
      included.reduce((s, r) => s + r.total_before, 0),
      9,
    );
    expect(migration.summary.total_after).toBeCloseTo(
      included.reduce((s, r) => s + r.total_after!, 0),
      9,
    );
    const changedRow = included.find((r) => r.total_after !== r.total_before)!;
    expect(changedRow.difference).toBeCloseTo(changedRow.total_after! - changedRow.total_before, 9);
    expect(changedRow.percent).toBeCloseTo(
      ((changedRow.total_after! - changedRow.total_before) / changedRow.total_before) * 100,
      9,
    );

    const csv = await ctx.request<string>('GET', `/api/migrations/${migration.id}/items.csv`, { token });
    expect(csv.status).toBe(200);
    // In a German reader's convention: translated header with units, ';', kg with two decimals and a decimal comma.
    const csvLines = String(csv.body)
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(csvLines).toHaveLength(7);
    expect(csvLines[0]).toBe(
      'Kalkulation (ID);Nummer;Titel;Vorlage;Bisher (kg CO₂e);Neu (kg CO₂e);Differenz (kg CO₂e);Änderung (%);Ausgeschlossen',
    );
    const csvRows = csvLines.slice(1).map((line) => line.split(';'));
    expect(csvRows.map((cells) => Number(cells[0])).sort((a, b) => a - b)).toEqual(
      rows.map((r) => r.calculation_id).sort((a, b) => a - b),
    );
    const changedCsv = csvRows.find((cells) => Number(cells[0]) === changedRow.calculation_id)!;
    const german = (value: number, digits: number) =>
      String(Math.round(value * 10 ** digits) / 10 ** digits).replace('.', ',');
    // kg by the one figure rule (core/number-format): three significant digits below 100, whole from 100.
    expect(changedCsv.slice(4, 8)).toEqual([
      german(roundFigure(changedRow.total_before), 6),
      german(roundFigure(changedRow.total_after!), 6),
      german(roundFigure(changedRow.difference!), 6),
      german(changedRow.percent!, 1),
    ]);
    expect(csvRows.find((cells) => Number(cells[0]) === frozen.id)![8]).toBe('durch eine Bestellung eingefroren');

    const applied = await ctx.request<FactorMigrationRecord>('POST', `/api/migrations/${migration.id}/apply`, {
      token,
    });
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({
      status: 'applied',
      applied_by_name: expect.any(String),
      applied_at: expect.any(String),
    });
    const after = await calculations(token);
    for (const row of included) {
      const calc = after.find((c) => c.id === row.calculation_id)!;
      const old = before.find((c) => c.id === row.calculation_id)!;
      expect(calc.database_id).toBe(d2025);
      expect(calc.results.database.id).toBe(d2025);
      expect(calc.total_co2e).toBe(row.total_after);
      expect(calc.version).toBe(old.version + 1);
      expect(calc.inputs).toEqual(old.inputs);
    }
    expect(after.find((c) => c.id === frozen.id)).toEqual(before.find((c) => c.id === frozen.id));
    // The migrated results are what the calculation's own recomputation gives: saving the same inputs changes nothing.
    const probe = after.find((c) => c.id === changedRow.calculation_id)!;
    const resaved = await ctx.request<CalculationRecord>('PUT', `/api/calculations/${probe.id}`, {
      token,
      body: { inputs: probe.inputs, version: probe.version },
    });
    expect(resaved.status).toBe(200);
    expect(resaved.body.version).toBe(probe.version);
    expect(resaved.body.results).toEqual(probe.results);
    expect((await ctx.request('POST', `/api/migrations/${migration.id}/apply`, { token })).status).toBe(409);
    expect((await ctx.request('POST', `/api/migrations/${migration.id}/discard`, { token })).status).toBe(409);

    const rolledBack = await ctx.request<FactorMigrationRecord>('POST', `/api/migrations/${migration.id}/rollback`, {
      token,
    });
    expect(rolledBack.status).toBe(200);
    expect(rolledBack.body.status).toBe('rolled_back');
    expect(await calculations(token)).toEqual(before);
    expect(await storedRows()).toEqual(storedBefore);
    expect((await ctx.request('POST', `/api/migrations/${migration.id}/rollback`, { token })).status).toBe(409);

    const protocol = await ctx.request<ProtocolEntryRecord[]>(
      'GET',
      `/api/protocol${q({ filter: JSON.stringify({ resource: 'migrations', record_id: String(migration.id) }), range: '[0,50]', sort: '["id","ASC"]' })}`,
      { token },
    );
    expect(protocol.body.map((e) => [e.action, e.summary.params?.step])).toEqual([
      ['migrated', 'preview'],
      ['migrated', 'apply'],
      ['migrated', 'rollback'],
    ]);
    const history = await ctx.request<FactorMigrationRecord[]>(
      'GET',
      `/api/migrations${q({ sort: '["id","DESC"]' })}`,
      { token },
    );
    expect(history.body[0]!.id).toBe(migration.id);
    await ctx.db.updateTable('calculations').set({ frozen: false }).where('id', '=', frozen.id).execute();
  });

  it('refuses an apply when a calculation changed since the preview (nothing written), and a rollback after later edits', async () => {
    const token = await ctx.login('admin@muster.example');
    const d2024 = await databaseId(token, '2024');
    const d2025 = await databaseId(token, '2025');
    const migration = (await preview(token, d2025)).body;
    const before = await calculations(token);
    const victim = before[1]!;
    const edited = await ctx.request<CalculationRecord>('PUT', `/api/calculations/${victim.id}`, {
      token,
      body: { customer: 'Changed meanwhile', version: victim.version },
    });
    expect(edited.status).toBe(200);
    const changed = await calculations(token);
    const refused = await ctx.request<{ message: string }>('POST', `/api/migrations/${migration.id}/apply`, { token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/neue Vorschau/);
    expect(await calculations(token)).toEqual(changed);
    expect(
      (await ctx.request<FactorMigrationRecord>('GET', `/api/migrations/${migration.id}`, { token })).body.status,
    ).toBe('previewed');
    expect(
      (await ctx.request<FactorMigrationRecord>('POST', `/api/migrations/${migration.id}/discard`, { token })).body
        .status,
    ).toBe('discarded');

    // A fresh preview applies; an edit after the apply blocks the rollback.
    const fresh = (await preview(token, d2025)).body;
    expect((await ctx.request('POST', `/api/migrations/${fresh.id}/apply`, { token })).status).toBe(200);
    const migrated = await calculations(token);
    const later = migrated[0]!;
    expect(
      (
        await ctx.request('PUT', `/api/calculations/${later.id}`, {
          token,
          body: { customer: 'Edited after', version: later.version },
        })
      ).status,
    ).toBe(200);
    const current = await calculations(token);
    expect((await ctx.request('POST', `/api/migrations/${fresh.id}/rollback`, { token })).status).toBe(409);
    expect(await calculations(token)).toEqual(current);
    expect(
      (await ctx.request<FactorMigrationRecord>('GET', `/api/migrations/${fresh.id}`, { token })).body.status,
    ).toBe('applied');
    // Back to 2024 for the next test: a migration the other way.
    const back = (await preview(token, d2024)).body;
    expect((await ctx.request('POST', `/api/migrations/${back.id}/apply`, { token })).status).toBe(200);
    expect((await calculations(token)).every((c) => c.database_id === d2024)).toBe(true);
  });

  it('lets editors preview and discard, and only admins apply and roll back (issue #35)', async () => {
    const admin = await ctx.login('admin@muster.example');
    const editor = await ctx.login('editor@muster.example');
    const target = await databaseId(editor, '2025');
    const discarded = await preview(editor, target);
    expect(discarded.status).toBe(201);
    expect((await ctx.request('POST', `/api/migrations/${discarded.body.id}/apply`, { token: editor })).status).toBe(
      403,
    );
    expect((await ctx.request('POST', `/api/migrations/${discarded.body.id}/discard`, { token: editor })).status).toBe(
      200,
    );
    const migration = (await preview(editor, target)).body;
    expect((await ctx.request('POST', `/api/migrations/${migration.id}/apply`, { token: admin })).status).toBe(200);
    expect((await ctx.request('POST', `/api/migrations/${migration.id}/rollback`, { token: editor })).status).toBe(403);
    expect((await ctx.request('POST', `/api/migrations/${migration.id}/rollback`, { token: admin })).status).toBe(200);
  });

  it('lets exactly one of two simultaneous applies win', async () => {
    const token = await ctx.login('admin@muster.example');
    // A second session of an admin (editors may not apply: policy `apply`, issue #35).
    const other = await ctx.login('admin@muster.example');
    const migration = (await preview(token, await databaseId(token, '2025'))).body;
    const answers = await Promise.all([
      ctx.request('POST', `/api/migrations/${migration.id}/apply`, { token }),
      ctx.request('POST', `/api/migrations/${migration.id}/apply`, { token: other }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const calcs = await calculations(token);
    expect(calcs.every((c) => c.version >= 1)).toBe(true);
    expect(
      (await ctx.request<FactorMigrationRecord>('GET', `/api/migrations/${migration.id}`, { token })).body.status,
    ).toBe('applied');
    expect((await ctx.request('POST', `/api/migrations/${migration.id}/rollback`, { token })).status).toBe(200);
  });

  it('refuses drafts, viewers and other mandants', async () => {
    const provider = await ctx.login('admin@kontor.example');
    const draft = await ctx.request<FactorDatabaseRecord>('POST', '/api/databases', {
      token: provider,
      body: { name: 'Draft', version_label: 'draft-x', copy_from_id: await databaseId(provider, '2024') },
    });
    const token = await ctx.login('admin@muster.example');
    const toDraft = await preview(token, draft.body.id);
    expect(toDraft.status).toBe(400);
    expect(toDraft.body).toMatchObject({ errors: { to_database_id: 'Nicht veröffentlicht.' } });
    expect((await preview(token, 999999)).status).toBe(400);
    const viewer = await ctx.login('viewer@muster.example');
    expect((await preview(viewer, await databaseId(token, '2025'))).status).toBe(403);
    const migration = (await preview(token, await databaseId(token, '2025'))).body;
    const stranger = await ctx.login('admin@printco.example');
    expect((await ctx.request('GET', `/api/migrations/${migration.id}`, { token: stranger })).status).toBe(404);
    expect((await ctx.request('POST', `/api/migrations/${migration.id}/apply`, { token: stranger })).status).toBe(404);
    expect(await items(stranger, migration.id)).toEqual([]);
    expect(
      (await ctx.request('POST', '/api/migrations', { token: provider, body: { to_database_id: draft.body.id } }))
        .status,
    ).toBe(400);
    expect((await ctx.request('POST', `/api/migrations/${migration.id}/discard`, { token })).status).toBe(200);
  });

  it('refuses a preview to the database the calculations already use, and keeps nothing of it', async () => {
    const token = await ctx.login('admin@muster.example');
    const d2024 = await databaseId(token, '2024');
    const d2025 = await databaseId(token, '2025');
    expect((await calculations(token)).every((c) => c.database_id === d2024)).toBe(true);
    const history = async (who: string) =>
      (
        await ctx.request<FactorMigrationRecord[]>(
          'GET',
          `/api/migrations${q({ sort: '["id","DESC"]', range: '[0,999]' })}`,
          { token: who },
        )
      ).body;
    const protocolCount = async () =>
      (await ctx.db.selectFrom('protocol').select('id').where('resource', '=', 'migrations').execute()).length;
    const migrationsBefore = await history(token);
    const entriesBefore = await protocolCount();

    const same = await ctx.request<{ message: string; errors: Record<string, string> }>('POST', '/api/migrations', {
      token,
      body: { to_database_id: d2024 },
    });
    expect(same.status).toBe(400);
    expect(same.body.message).toBe(
      'Die Kalkulationen verwenden diese Faktordatenbank bereits: Wählen Sie eine andere als Ziel der Migration.',
    );
    expect(same.body.errors).toEqual({ to_database_id: 'Wird von den Kalkulationen bereits verwendet.' });
    // Named as source and target at once, and narrowed to one calculation on it: refused the same way.
    const calculation = (await calculations(token))[0]!;
    expect((await preview(token, d2025, { from_database_id: d2025 })).status).toBe(400);
    expect((await preview(token, d2024, { calculation_ids: [calculation.id] })).status).toBe(400);
    expect((await preview(token, d2024, { filter: { template_id: calculation.template_id } })).status).toBe(400);
    // In the reader's language.
    const english = await ctx.login('editor@printco.example');
    const theirs = await ctx.request<{ message: string }>('POST', '/api/migrations', {
      token: english,
      body: { to_database_id: d2024 },
    });
    expect(theirs.status).toBe(400);
    expect(theirs.body.message).toBe(
      'The calculations already use this factor database: choose another one to migrate to.',
    );
    // Nothing stays in the history or the protocol.
    expect(await history(token)).toEqual(migrationsBefore);
    expect(await protocolCount()).toBe(entriesBefore);
    // The newer database is still offered, and a narrowing that matches nothing is no such refusal.
    for (const allowed of [
      await preview(token, d2025, { calculation_ids: [calculation.id] }),
      await preview(token, d2024, { filter: { q: 'matches-no-calculation' } }),
    ]) {
      expect(allowed.status).toBe(201);
      expect((await ctx.request('POST', `/api/migrations/${allowed.body.id}/discard`, { token })).status).toBe(200);
    }
  });

  it('migrates calculations to the next template version: inputs carried over, invalid ones excluded, rolled back exactly', async () => {
    const provider = await ctx.login('admin@kontor.example');
    const token = await ctx.login('admin@muster.example');
    // An app-created copy of the shipped flyer, version 1, published.
    const copy = await ctx.request<TemplateVersionRecord>('POST', '/api/templates/flyer/versions/1/copy', {
      token: provider,
      body: { id: 'flyer-mig', status: 'published' },
    });
    expect(copy.status).toBe(201);
    const v1 = copy.body.definition;
    const create = (inputs: Record<string, unknown>) =>
      ctx.request<CalculationRecord>('POST', '/api/calculations', {
        token,
        body: {
          template_id: 'flyer-mig',
          inputs: {
            title: 'Flyer',
            quantity: 5000,
            format: 'A5',
            paper: 'paper_virgin',
            energy_kwh_per_1000: 2.5,
            electricity: 'electricity_de_grid',
            ...inputs,
          },
        },
      });
    const made = [
      await create({
        title: 'Sommerfest',
        grammage: 135,
        spoilage_pct: 5,
        transport: [{ mode: 'road_freight_truck', distance_km: 120 }],
      }),
      await create({ title: 'Messe', grammage: 170, spoilage_pct: 3, transport: [] }),
      await create({ title: 'Zu dünn', grammage: 60, spoilage_pct: 5, transport: [] }),
      await create({ title: 'Bestellt', grammage: 135, spoilage_pct: 5, transport: [] }),
    ];
    for (const response of made) expect(response.status, JSON.stringify(response.body)).toBe(201);
    const [summer, fair, thin, ordered] = made.map((response) => response.body) as [
      CalculationRecord,
      CalculationRecord,
      CalculationRecord,
      CalculationRecord,
    ];
    await ctx.db.updateTable('calculations').set({ frozen: true }).where('id', '=', ordered.id).execute();

    // Version 2: spoilage_pct is gone, waste_pct (default 8) is new, transport legs gain return_trip
    // (default false), and paper lighter than 80 g/m² is no longer allowed.
    const v2: Template = structuredClone(v1);
    const paper = v2.groups.find((group) => group.id === 'paper_group')!;
    paper.fields = paper.fields.filter((field) => field.name !== 'spoilage_pct');
    paper.fields.find((field) => field.name === 'grammage')!.rules = ['required', 'between:80,400'];
    paper.fields.push({
      name: 'waste_pct',
      type: 'number',
      label: { de: 'Abfall', en: 'Waste', fr: 'Déchets', it: 'Scarti', es: 'Residuos' },
      unit: '%',
      rules: ['required', 'between:0,50'],
      default: 8,
    });
    v2.groups
      .find((group) => group.id === 'transport')!
      .fields.push({
        name: 'return_trip',
        type: 'boolean',
        label: { de: 'Rückfahrt', en: 'Return trip', fr: 'Retour', it: 'Ritorno', es: 'Regreso' },
        default: false,
      });
    for (const [alias, field] of Object.entries(v2.import?.aliases ?? {}))
      if (field === 'spoilage_pct') v2.import!.aliases[alias] = 'waste_pct';
    for (const result of v2.results) {
      result.formula = result.formula
        .replaceAll('spoilage_pct', 'waste_pct')
        .replace('factor(mode))', 'factor(mode) * if(return_trip, 2, 1))');
    }
    const saved = await ctx.request<TemplateVersionRecord>('POST', '/api/templates', {
      token: provider,
      body: { definition: v2, mode: 'version', status: 'published' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body.version).toBe(2);

    const mine = async () => {
      const all = await ctx.request<CalculationRecord[]>(
        'GET',
        `/api/calculations${q({ filter: JSON.stringify({ template_id: 'flyer-mig' }), sort: '["id","ASC"]' })}`,
        { token },
      );
      return all.body;
    };
    const before = await mine();
    expect(before.map((c) => c.template_version)).toEqual([1, 1, 1, 1]);

    expect(
      (
        await ctx.request('POST', '/api/migrations', {
          token,
          body: { kind: 'template', template_id: 'flyer-mig', to_template_version: 9 },
        })
      ).status,
    ).toBe(400);
    expect((await ctx.request('POST', '/api/migrations', { token, body: { kind: 'template' } })).status).toBe(400);
    expect(
      (
        await ctx.request('POST', '/api/migrations', {
          token,
          body: { kind: 'template', template_id: 'flyer-mig', to_database_id: 1 },
        })
      ).status,
    ).toBe(400);
    const created = await ctx.request<FactorMigrationRecord>('POST', '/api/migrations', {
      token,
      body: { kind: 'template', template_id: 'flyer-mig', to_template_version: 2 },
    });
    expect(created.status).toBe(201);
    const migration = created.body;
    expect(migration).toMatchObject({
      kind: 'template',
      template_id: 'flyer-mig',
      to_template_version: 2,
      to_database_id: null,
      status: 'previewed',
    });
    expect(migration.summary).toMatchObject({ count: 2, excluded: 2 });
    expect(await mine()).toEqual(before);
    const rows = await items(token, migration.id);
    expect(rows.map((row) => row.calculation_id)).toEqual([summer.id, fair.id, thin.id, ordered.id]);
    expect(rows.find((row) => row.calculation_id === ordered.id)!.excluded).toBe('frozen');
    const rejected = rows.find((row) => row.calculation_id === thin.id)!;
    expect(rejected.total_after).toBeNull();
    // In the previewer's language, each field by its label in the new version.
    expect(rejected.excluded).toBe('Ungültige Eingaben – Grammatur: Grammatur muss zwischen 80 und 400 liegen.');

    // The stored columns themselves, not only the records the API shows, come back exactly.
    const columns = () =>
      selectCalculations(ctx.db)
        .where('calculations.template_id', '=', 'flyer-mig')
        .orderBy('calculations.id')
        .execute();
    const storedBefore = await columns();
    const applied = await ctx.request<FactorMigrationRecord>('POST', `/api/migrations/${migration.id}/apply`, {
      token,
    });
    expect(applied.status).toBe(200);
    const after = await mine();
    for (const old of [before[0]!, before[1]!]) {
      const now = after.find((c) => c.id === old.id)!;
      const row = rows.find((r) => r.calculation_id === old.id)!;
      const { spoilage_pct: _dropped, ...kept } = old.inputs;
      expect(now.template_version).toBe(2);
      expect(now.inputs).toEqual({
        ...kept,
        waste_pct: 8,
        transport: (old.inputs.transport as object[]).map((leg) => ({ ...leg, return_trip: false })),
      });
      expect(now.total_co2e).toBe(row.total_after);
      expect(now.total_co2e).not.toBe(old.total_co2e);
      expect(now.database_id).toBe(old.database_id);
      expect(now.version).toBe(old.version + 1);
      // What the migration stored is what saving the carried-over inputs computes: a re-save changes nothing.
      const resaved = await ctx.request<CalculationRecord>('PUT', `/api/calculations/${now.id}`, {
        token,
        body: { inputs: now.inputs, version: now.version },
      });
      expect(resaved.status).toBe(200);
      expect(resaved.body.version).toBe(now.version);
      expect(resaved.body.results).toEqual(now.results);
    }
    expect(after.find((c) => c.id === thin.id)).toEqual(before.find((c) => c.id === thin.id));
    expect(after.find((c) => c.id === ordered.id)).toEqual(before.find((c) => c.id === ordered.id));
    await ctx.request('POST', `/api/migrations/${migration.id}/rollback`, { token });
    expect(await mine()).toEqual(before);
    const stored = await columns();
    expect(stored.map((row) => row.template_version)).toEqual([1, 1, 1, 1]);
    expect(stored).toEqual(storedBefore);

    // A fresh preview is refused once a calculation changed meanwhile, and the rollback after a later edit.
    const again = (
      await ctx.request<FactorMigrationRecord>('POST', '/api/migrations', {
        token,
        body: { kind: 'template', template_id: 'flyer-mig' },
      })
    ).body;
    expect(again.to_template_version).toBe(2);
    const edited = await ctx.request('PUT', `/api/calculations/${fair.id}`, {
      token,
      body: { customer: 'Meanwhile', version: before[1]!.version },
    });
    expect(edited.status).toBe(200);
    const changed = await columns();
    expect((await ctx.request('POST', `/api/migrations/${again.id}/apply`, { token })).status).toBe(409);
    expect(await columns()).toEqual(changed);
    await ctx.db.updateTable('calculations').set({ frozen: false }).where('id', '=', ordered.id).execute();
  });

  it('migrates only the calculations a list filter matches, resolved on the server', async () => {
    const token = await ctx.login('admin@muster.example');
    const d2025 = await databaseId(token, '2025');
    const all = (await calculations(token)).filter((c) => c.database_id !== d2025);
    const templateId = all[0]!.template_id;
    const matching = (filter: object) =>
      ctx.request<CalculationRecord[]>(
        'GET',
        `/api/calculations${q({ filter: JSON.stringify(filter), sort: '["id","ASC"]', range: '[0,99]' })}`,
        { token },
      );
    for (const filter of [
      { template_id: templateId },
      { q: all[1]!.title.slice(0, 4) },
      { status: 'draft', template_type: 'product' },
    ]) {
      const expected = (await matching(filter)).body.filter((c) => c.database_id !== d2025).map((c) => c.id);
      const created = await preview(token, d2025, { filter });
      expect(created.status).toBe(201);
      expect(created.body.filter).toEqual(filter);
      expect((await items(token, created.body.id)).map((row) => row.calculation_id)).toEqual(expected);
      expect(created.body.summary.count + created.body.summary.excluded).toBe(expected.length);
      expect((await ctx.request('POST', `/api/migrations/${created.body.id}/discard`, { token })).status).toBe(200);
    }
    // Filter keys cannot reach past the mandant, and unknown keys are refused like in the list.
    const stranger = await ctx.login('admin@printco.example');
    const foreign = await preview(stranger, d2025, { filter: { id: all.map((c) => c.id) } });
    expect(foreign.status).toBe(201);
    expect(foreign.body.summary).toMatchObject({ count: 0, excluded: 0 });
    const bad = await preview(token, d2025, { filter: { password_hash: 'x' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ errors: { 'filter.password_hash': expect.any(String) } });
    // Applying a filtered migration moves exactly those calculations.
    const only = (await preview(token, d2025, { filter: { template_id: templateId } })).body;
    expect((await ctx.request('POST', `/api/migrations/${only.id}/apply`, { token })).status).toBe(200);
    const moved = await calculations(token);
    for (const c of moved)
      expect(c.database_id === d2025).toBe(c.template_id === templateId || !all.some((a) => a.id === c.id));
    expect((await ctx.request('POST', `/api/migrations/${only.id}/rollback`, { token })).status).toBe(200);
  });
});
