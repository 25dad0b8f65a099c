/**
 * Migrations onto another machine set (issue 21): only a mandant admin previews, applies and rolls back; the preview
 * recomputes each calculation that reads a machine set with the target set (nothing written), apply moves them in one
 * transaction, rollback restores every column exactly; a calculation whose machine the target lacks is excluded
 * with the reason; a draft target and another mandant's set (answered like a missing one) are refused.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import type {
  CalculationRecord,
  FactorDatabaseRecord,
  FactorMigrationItemRecord,
  FactorMigrationRecord,
  MachineRecord,
  MachineSetRecord,
  ProtocolEntryRecord,
} from '../../../src/core/api';
import { describeEachDatabase } from '../harness';

const templatesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kontor-machine-migrations-'));
for (const file of fs.readdirSync('schemas/templates'))
  fs.copyFileSync(path.join('schemas/templates', file), path.join(templatesDir, file));
fs.copyFileSync('tests/fixtures/templates-machines/press-job.json', path.join(templatesDir, 'press-job.json'));

const MISSING = 2_000_000_000;
const q = (params: Record<string, string>) => `?${new URLSearchParams(params).toString()}`;

describeEachDatabase(
  'machine set migrations',
  (ctx) => {
    const tokens: Record<string, string> = {};
    const ADMIN = 'admin@muster.example';
    const EDITOR = 'editor@muster.example';
    const OTHER = 'admin@printco.example';
    const as = <T>(email: string, method: string, url: string, body?: unknown) =>
      ctx.request<T>(method, url, { token: tokens[email]!, body });
    beforeAll(async () => {
      for (const email of [ADMIN, EDITOR, OTHER]) tokens[email] = await ctx.login(email);
    });

    const currentSet = async (email: string) =>
      (
        await as<MachineSetRecord[]>(
          email,
          'GET',
          `/api/machine-sets${q({ filter: JSON.stringify({ current: true }) })}`,
        )
      ).body[0]!;
    const pressJobs = async () =>
      (
        await as<CalculationRecord[]>(
          ADMIN,
          'GET',
          `/api/calculations${q({ filter: JSON.stringify({ template_id: 'press-job' }), sort: '["id","ASC"]' })}`,
        )
      ).body;
    const items = async (migrationId: number) =>
      (
        await as<FactorMigrationItemRecord[]>(
          ADMIN,
          'GET',
          `/api/migration-items${q({ filter: JSON.stringify({ migration_id: migrationId }), sort: '["calculation_id","ASC"]', range: '[0,99]' })}`,
        )
      ).body;
    /** A new published set based on the current one, with the press changed by `change` (or removed when null). */
    const newSet = async (label: string, press: Partial<MachineRecord> | null) => {
      const base = await currentSet(ADMIN);
      const draft = (
        await as<MachineSetRecord>(ADMIN, 'POST', '/api/machine-sets', {
          name: 'Muster machines',
          version_label: label,
          based_on_id: base.id,
        })
      ).body;
      const machines = await as<MachineRecord[]>(
        ADMIN,
        'GET',
        `/api/machines${q({ filter: JSON.stringify({ set_id: draft.id }) })}`,
      );
      const sm = machines.body.find((m) => m.key === 'sm-102')!;
      if (press === null) expect((await as(ADMIN, 'DELETE', `/api/machines/${sm.id}`)).status).toBe(200);
      else expect((await as(ADMIN, 'PUT', `/api/machines/${sm.id}`, press)).status).toBe(200);
      return draft;
    };
    const publish = async (set: MachineSetRecord) => {
      const res = await as<MachineSetRecord>(ADMIN, 'PUT', `/api/machine-sets/${set.id}`, {
        status: 'published',
        version: set.version,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    };
    const preview = (email: string, body: object) =>
      as<FactorMigrationRecord>(email, 'POST', '/api/migrations', { kind: 'machine_set', ...body });

    it('previews, applies and rolls back a move onto a new machine set, exactly', async () => {
      const seeded = await currentSet(ADMIN);
      for (const sheets of [26000, 13000, 39000]) {
        const res = await as<CalculationRecord>(EDITOR, 'POST', '/api/calculations', {
          template_id: 'press-job',
          inputs: { title: `Job ${sheets}`, sheets, press: 'sm-102' },
        });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        expect(res.body.machine_set_id).toBe(seeded.id);
      }
      const frozen = (await pressJobs())[2]!;
      await ctx.db.updateTable('calculations').set({ frozen: true }).where('id', '=', frozen.id).execute();

      const draft = await newSet('2026', {
        figures: {
          power_kw: { value: 72, source: 'Own meter reading 2026', year: 2026 },
          speed_sheets_per_hour: { value: 13000, source: 'Job log', year: 2026 },
          makeready_minutes: { value: 20, source: 'Job log', year: 2026 },
        },
      });
      // A draft may still change: refused; an editor may not move calculations onto machine sets.
      const early = await preview(ADMIN, { to_machine_set_id: draft.id });
      expect(early.status).toBe(400);
      expect((early.body as unknown as { errors: Record<string, string> }).errors).toHaveProperty('to_machine_set_id');
      const target = await publish(draft);
      expect((await preview(EDITOR, { to_machine_set_id: target.id })).status).toBe(403);
      expect((await preview(ADMIN, { to_database_id: 1, to_machine_set_id: target.id })).status).toBe(400);
      expect((await as(ADMIN, 'POST', '/api/migrations', { to_machine_set_id: target.id })).status).toBe(400);

      const before = await pressJobs();
      // Every stored column (results JSON, total, machine set, version, updated_*), not only the records the API shows.
      const storedRows = () =>
        ctx.db.selectFrom('calculations').selectAll().where('template_id', '=', 'press-job').orderBy('id').execute();
      const storedBefore = await storedRows();
      const created = await preview(ADMIN, { to_machine_set_id: target.id, from_machine_set_id: seeded.id });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const migration = created.body;
      expect(migration).toMatchObject({
        kind: 'machine_set',
        status: 'previewed',
        from_machine_set_id: seeded.id,
        to_machine_set_id: target.id,
        to_database_id: null,
      });
      expect(migration.summary).toMatchObject({ count: 2, excluded: 1 });
      expect(await pressJobs()).toEqual(before);
      const rows = await items(migration.id);
      expect(rows.find((r) => r.calculation_id === frozen.id)!.excluded).toBe('frozen');
      // 26,000 sheets: (2 h + 20 min) × 72 kW × 0.4 = 67.2 kg instead of 84 kg with 90 kW.
      const first = rows.find((r) => r.calculation_id === before[0]!.id)!;
      expect(first.total_before).toBeCloseTo(84, 9);
      expect(first.total_after).toBeCloseTo(67.2, 9);
      expect(first.difference).toBeCloseTo(-16.8, 9);
      expect(migration.summary.difference).toBeCloseTo(
        migration.summary.total_after - migration.summary.total_before,
        9,
      );

      expect((await as(EDITOR, 'POST', `/api/migrations/${migration.id}/apply`)).status).toBe(403);
      const applied = await as<FactorMigrationRecord>(ADMIN, 'POST', `/api/migrations/${migration.id}/apply`);
      expect(applied.status, JSON.stringify(applied.body)).toBe(200);
      const after = await pressJobs();
      for (const calc of after.filter((c) => c.id !== frozen.id)) {
        const old = before.find((c) => c.id === calc.id)!;
        expect(calc.machine_set_id).toBe(target.id);
        expect(calc.results.machine_set?.id).toBe(target.id);
        expect(calc.database_id).toBe(old.database_id);
        expect(calc.inputs).toEqual(old.inputs);
        expect(calc.version).toBe(old.version + 1);
        expect(calc.total_co2e).toBe(rows.find((r) => r.calculation_id === calc.id)!.total_after);
        expect(calc.results.production!.find((use) => use.figure === 'power_kw')).toMatchObject({
          value: 72,
          source: 'Own meter reading 2026',
        });
      }
      expect(after.find((c) => c.id === frozen.id)).toEqual(before.find((c) => c.id === frozen.id));
      // What the migration stored is what saving the same inputs computes.
      const probe = after[0]!;
      const resaved = await as<CalculationRecord>(ADMIN, 'PUT', `/api/calculations/${probe.id}`, {
        inputs: probe.inputs,
        version: probe.version,
      });
      expect(resaved.body.version).toBe(probe.version);
      expect(resaved.body.results).toEqual(probe.results);

      const rolledBack = await as<FactorMigrationRecord>(ADMIN, 'POST', `/api/migrations/${migration.id}/rollback`);
      expect(rolledBack.status).toBe(200);
      expect(await pressJobs()).toEqual(before);
      expect(await storedRows()).toEqual(storedBefore);
      const protocol = await as<ProtocolEntryRecord[]>(
        ADMIN,
        'GET',
        `/api/protocol${q({ filter: JSON.stringify({ resource: 'migrations', record_id: String(migration.id) }), range: '[0,50]', sort: '["id","ASC"]' })}`,
      );
      expect(protocol.body.map((e) => [e.action, e.summary.params?.step, e.summary.params?.target])).toEqual([
        ['migrated', 'preview', 'Muster machines 2026'],
        ['migrated', 'apply', 'Muster machines 2026'],
        ['migrated', 'rollback', 'Muster machines 2026'],
      ]);
      await ctx.db.updateTable('calculations').set({ frozen: false }).where('id', '=', frozen.id).execute();
    });

    it('excludes a calculation whose machine the target set lacks, naming it', async () => {
      const target = await publish(await newSet('2027 without press', null));
      const created = await preview(ADMIN, { to_machine_set_id: target.id });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.summary.count).toBe(0);
      const rows = await items(created.body.id);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row.excluded).toMatch(/sm-102|Druckmaschine/);
      expect((await as(ADMIN, 'POST', `/api/migrations/${created.body.id}/discard`)).status).toBe(200);
    });

    it('computes a factor migration with the machine set a save would use: a site footprint recorded since reaches it (issue 33)', async () => {
      const BROCHURE = {
        quantity: 500,
        format: 'A4',
        pages: 8,
        paper: 'paper_virgin',
        grammage: 115,
        spoilage_pct: 10,
        has_cover: false,
        colours_front: 4,
        colours_back: 4,
        ups: 8,
        cartons: true,
      };
      const read = async (id: number) => (await as<CalculationRecord>(ADMIN, 'GET', `/api/calculations/${id}`)).body;
      const storedRow = (id: number) =>
        ctx.db.selectFrom('calculations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      // Two brochures without a press: with no site footprint recorded they read no machine set at all.
      const [resaved, migrated] = await Promise.all(
        ['Vor dem Standort A', 'Vor dem Standort B'].map(async (title) => {
          const res = await as<CalculationRecord>(EDITOR, 'POST', '/api/calculations', {
            template_id: 'brochure',
            status: 'final',
            inputs: { ...BROCHURE, title },
          });
          expect(res.status, JSON.stringify(res.body)).toBe(201);
          return res.body;
        }),
      );
      for (const calc of [resaved!, migrated!]) {
        expect(calc.machine_set_id).toBeNull();
        expect(calc.results.values.overhead_co2e).toBe(0);
      }
      const before = await read(migrated!.id);
      const storedBefore = await storedRow(migrated!.id);

      // The mandant records its site footprint on a new set and publishes it: it becomes the current set.
      const base = await currentSet(ADMIN);
      const draft = await as<MachineSetRecord>(ADMIN, 'POST', '/api/machine-sets', {
        name: 'Muster machines',
        version_label: '2026 with site',
        based_on_id: base.id,
        site_kg_co2e: 52000,
        site_allocation_key: 'sheets',
        site_annual_amount: 2_600_000,
        site_source: 'Unternehmensbilanz 2025',
        site_year: 2025,
      });
      expect(draft.status, JSON.stringify(draft.body)).toBe(201);
      const site = await publish(draft.body);
      expect((await currentSet(ADMIN)).id).toBe(site.id);
      const share = (calc: CalculationRecord) => ((calc.results.values.press_sheets as number) * 52000) / 2_600_000;

      // Re-saving after the recorded site footprint: the calculation reads the current set and carries its share.
      const again = await as<CalculationRecord>(ADMIN, 'PUT', `/api/calculations/${resaved!.id}`, {
        inputs: resaved!.inputs,
        version: resaved!.version,
      });
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(again.body.machine_set_id).toBe(site.id);
      expect(again.body.results.machine_set?.id).toBe(site.id);
      expect(again.body.results.values.overhead_co2e).toBeGreaterThan(0);
      expect(again.body.results.values.overhead_co2e).toBeCloseTo(share(again.body), 9);
      expect(again.body.total_co2e).toBeCloseTo(resaved!.total_co2e + share(again.body), 9);

      // A factor migration of the other brochure computes with the same set, as its save would.
      const databases = (await as<FactorDatabaseRecord[]>(ADMIN, 'GET', '/api/databases')).body;
      const other = databases.find(
        (d) => d.status === 'published' && d.mandant_id === null && d.id !== before.database_id,
      )!;
      const created = await as<FactorMigrationRecord>(ADMIN, 'POST', '/api/migrations', {
        to_database_id: other.id,
        calculation_ids: [migrated!.id],
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.summary).toMatchObject({ count: 1, excluded: 0 });
      const [item] = await items(created.body.id);
      const applied = await as<FactorMigrationRecord>(ADMIN, 'POST', `/api/migrations/${created.body.id}/apply`);
      expect(applied.status, JSON.stringify(applied.body)).toBe(200);
      const after = await read(migrated!.id);
      expect(after.database_id).toBe(other.id);
      expect(after.machine_set_id).toBe(site.id);
      expect(after.results.machine_set?.id).toBe(site.id);
      expect(after.total_co2e).toBe(item!.total_after);
      expect(after.results.values.overhead_co2e).toBeCloseTo(share(after), 9);
      // The figures agree with a save: re-saving the same inputs changes nothing.
      const saved = await as<CalculationRecord>(ADMIN, 'PUT', `/api/calculations/${after.id}`, {
        inputs: after.inputs,
        version: after.version,
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.version).toBe(after.version);
      expect(saved.body.results).toEqual(after.results);
      expect(saved.body.total_co2e).toBe(after.total_co2e);

      // Rolling back restores the calculation exactly, the machine set it read (none) included.
      const rolledBack = await as<FactorMigrationRecord>(ADMIN, 'POST', `/api/migrations/${created.body.id}/rollback`);
      expect(rolledBack.status, JSON.stringify(rolledBack.body)).toBe(200);
      expect(await read(migrated!.id)).toEqual(before);
      expect(await storedRow(migrated!.id)).toEqual(storedBefore);
    });

    it('answers another mandant’s machine set exactly like a missing one', async () => {
      const set = await currentSet(ADMIN);
      const foreign = await preview(OTHER, { to_machine_set_id: set.id });
      const missing = await preview(OTHER, { to_machine_set_id: MISSING });
      expect(foreign.status).toBe(400);
      expect(foreign.body).toEqual(missing.body);
      const own = (await currentSet(OTHER)).id;
      const foreignSource = await preview(OTHER, { to_machine_set_id: own, from_machine_set_id: set.id });
      const missingSource = await preview(OTHER, { to_machine_set_id: own, from_machine_set_id: MISSING });
      expect(foreignSource.status).toBe(400);
      expect(foreignSource.body).toEqual(missingSource.body);
    });
  },
  { env: { TEMPLATES_DIR: templatesDir } },
);
