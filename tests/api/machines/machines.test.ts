/**
 * A printer's production data (issue 21): machine sets and machines through the REST plumbing — who may write,
 * versioning (draft → published → current, a new version copies its base), another mandant's ids answering like
 * missing ones, and a calculation that reads the current set's machine and stores which set it used.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import type { CalculationRecord, ImportReport, ProtocolEntryRecord } from '../../../src/core/api';
import type { MachineRecord, MachineSetRecord } from '../../../src/core/api';
import { describeEachDatabase } from '../harness';

// The shipped templates plus the test template that calculates with a press.
const templatesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kontor-machines-templates-'));
for (const file of fs.readdirSync('schemas/templates'))
  fs.copyFileSync(path.join('schemas/templates', file), path.join(templatesDir, file));
fs.copyFileSync('tests/fixtures/templates-machines/press-job.json', path.join(templatesDir, 'press-job.json'));

const MISSING = 2_000_000_000;

describeEachDatabase(
  'machine sets and machines',
  (ctx) => {
    const tokens: Record<string, string> = {};
    const as = <T>(email: string, method: string, url: string, body?: unknown) =>
      ctx.request<T>(method, url, { token: tokens[email]!, body });
    const ADMIN = 'admin@muster.example';
    const EDITOR = 'editor@muster.example';
    const OTHER = 'admin@printco.example';
    const PROVIDER = 'admin@kontor.example';

    beforeAll(async () => {
      for (const email of [ADMIN, EDITOR, 'viewer@muster.example', OTHER, PROVIDER])
        tokens[email] = await ctx.login(email);
    });

    const currentSet = async (email: string) => {
      const list = await as<MachineSetRecord[]>(
        email,
        'GET',
        `/api/machine-sets?filter=${encodeURIComponent(JSON.stringify({ current: true }))}`,
      );
      expect(list.status).toBe(200);
      expect(list.body).toHaveLength(1);
      return list.body[0]!;
    };

    it('seeds each demo mandant a published, current set with a press, a digital press and a folder, each figure sourced', async () => {
      const set = await currentSet(EDITOR);
      expect(set).toMatchObject({ status: 'published', current: true, electricity_region: 'DE' });
      expect(set.electricity_source).toMatch(/^Demo value/);
      const machines = await as<MachineRecord[]>(
        EDITOR,
        'GET',
        `/api/machines?filter=${encodeURIComponent(JSON.stringify({ set_id: set.id }))}&sort=${encodeURIComponent('["key","ASC"]')}`,
      );
      expect(machines.body.map((m) => [m.key, m.kind])).toEqual([
        ['digital-1', 'digital'],
        ['folder-1', 'finishing'],
        ['sm-102', 'press'],
      ]);
      for (const machine of machines.body) {
        for (const figure of Object.values(machine.figures))
          expect(figure!.source).toMatch(/^Demo value, not measured/);
      }
      // Each mandant sees its own set only; the provider admin reads both.
      const other = await currentSet(OTHER);
      expect(other.id).not.toBe(set.id);
      const all = await as<MachineSetRecord[]>(PROVIDER, 'GET', '/api/machine-sets');
      expect(all.body.map((s) => s.id)).toEqual(expect.arrayContaining([set.id, other.id]));
    });

    it('lets mandant admins write; editors, viewers and the provider admin only read', async () => {
      for (const email of [EDITOR, 'viewer@muster.example', PROVIDER]) {
        const res = await as(email, 'POST', '/api/machine-sets', { name: 'Nope', version_label: 'x' });
        expect(res.status, email).toBe(403);
      }
      const set = await currentSet(EDITOR);
      expect((await as(EDITOR, 'GET', `/api/machine-sets/${set.id}`)).status).toBe(200);
    });

    it('versions a set: a new draft copies its base, publishing fixes it and makes it current', async () => {
      const base = await currentSet(ADMIN);
      const created = await as<MachineSetRecord>(ADMIN, 'POST', '/api/machine-sets', {
        name: 'Muster machines',
        version_label: '2026',
        based_on_id: base.id,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const draft = created.body;
      expect(draft).toMatchObject({
        status: 'draft',
        current: false,
        based_on_id: base.id,
        electricity_factor: base.electricity_factor,
      });
      const copied = await as<MachineRecord[]>(
        ADMIN,
        'GET',
        `/api/machines?filter=${encodeURIComponent(JSON.stringify({ set_id: draft.id }))}`,
      );
      expect(copied.body).toHaveLength(3);
      const press = copied.body.find((m) => m.kind === 'press')!;

      // Machines of a draft change; of a published set, not.
      const changed = await as<MachineRecord>(ADMIN, 'PUT', `/api/machines/${press.id}`, {
        figures: { ...press.figures, power_kw: { value: 72, source: 'Own meter reading 2026', year: 2026 } },
      });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      expect(changed.body.figures.power_kw).toEqual({ value: 72, source: 'Own meter reading 2026', year: 2026 });
      const added = await as<MachineRecord>(ADMIN, 'POST', '/api/machines', {
        set_id: draft.id,
        key: 'cutter',
        kind: 'finishing',
        name: 'Guillotine',
        figures: { power_kw: { value: 4, source: 'Type plate', year: 2020 } },
      });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      const duplicate = await as(ADMIN, 'POST', '/api/machines', {
        set_id: draft.id,
        key: 'cutter',
        kind: 'finishing',
        name: 'Again',
      });
      expect(duplicate.status).toBe(409);
      expect(
        (await as(ADMIN, 'PUT', `/api/machines/${press.id}`, { figures: { power_kw: { value: -1, source: 'x' } } }))
          .status,
      ).toBe(400);
      expect(
        (await as(ADMIN, 'POST', '/api/machines', { set_id: base.id, key: 'late', kind: 'press', name: 'Late' }))
          .status,
      ).toBe(409);
      expect((await as(ADMIN, 'PUT', `/api/machine-sets/${base.id}`, { electricity_factor: 0.1 })).status).toBe(409);
      expect((await as(ADMIN, 'PUT', `/api/machine-sets/${draft.id}`, { current: true })).status).toBe(400);

      const published = await as<MachineSetRecord>(ADMIN, 'PUT', `/api/machine-sets/${draft.id}`, {
        status: 'published',
        version: draft.version,
      });
      expect(published.status, JSON.stringify(published.body)).toBe(200);
      expect(published.body).toMatchObject({ status: 'published', current: true });
      expect(published.body.published_at).not.toBeNull();
      expect((await currentSet(EDITOR)).id).toBe(draft.id);
      expect((await as<MachineSetRecord>(ADMIN, 'GET', `/api/machine-sets/${base.id}`)).body.current).toBe(false);
      expect((await as(ADMIN, 'PUT', `/api/machines/${press.id}`, { name: 'Renamed' })).status).toBe(409);
      expect((await as(ADMIN, 'DELETE', `/api/machines/${press.id}`)).status).toBe(409);
      expect((await as(ADMIN, 'PUT', `/api/machine-sets/${draft.id}`, { status: 'draft' })).status).toBe(409);
      expect((await as(ADMIN, 'DELETE', `/api/machine-sets/${draft.id}`)).status).toBe(409);

      // Back to the seeded set as current, so the other tests see the demo machines.
      const back = await as<MachineSetRecord>(ADMIN, 'PUT', `/api/machine-sets/${base.id}`, { current: true });
      expect(back.body.current).toBe(true);
      expect((await as<MachineSetRecord>(ADMIN, 'GET', `/api/machine-sets/${draft.id}`)).body.current).toBe(false);

      const protocol = await as<ProtocolEntryRecord[]>(
        ADMIN,
        'GET',
        `/api/protocol?filter=${encodeURIComponent(JSON.stringify({ resource: 'machine-sets' }))}`,
      );
      expect(protocol.status).toBe(200);
      expect(protocol.body.some((entry) => entry.action === 'created')).toBe(true);
      expect(protocol.body.some((entry) => entry.action === 'updated')).toBe(true);
    });

    it('deletes an unused draft with its machines', async () => {
      const draft = (
        await as<MachineSetRecord>(ADMIN, 'POST', '/api/machine-sets', { name: 'Scratch', version_label: '1' })
      ).body;
      const machine = await as<MachineRecord>(ADMIN, 'POST', '/api/machines', {
        set_id: draft.id,
        key: 'p1',
        kind: 'press',
        name: 'P1',
      });
      expect(machine.status).toBe(201);
      expect((await as(ADMIN, 'DELETE', `/api/machine-sets/${draft.id}`)).status).toBe(200);
      expect((await as(ADMIN, 'GET', `/api/machines/${machine.body.id}`)).status).toBe(404);
    });

    it('answers another mandant’s sets and machines exactly like missing ones', async () => {
      const set = await currentSet(ADMIN);
      const machines = await as<MachineRecord[]>(
        ADMIN,
        'GET',
        `/api/machines?filter=${encodeURIComponent(JSON.stringify({ set_id: set.id }))}`,
      );
      const machine = machines.body[0]!;
      const pairs: Array<[string, string, string, unknown?]> = [
        ['GET', `/api/machine-sets/${set.id}`, `/api/machine-sets/${MISSING}`],
        ['PUT', `/api/machine-sets/${set.id}`, `/api/machine-sets/${MISSING}`, { name: 'Taken' }],
        ['DELETE', `/api/machine-sets/${set.id}`, `/api/machine-sets/${MISSING}`],
        ['GET', `/api/machines/${machine.id}`, `/api/machines/${MISSING}`],
        ['PUT', `/api/machines/${machine.id}`, `/api/machines/${MISSING}`, { name: 'Taken' }],
        ['DELETE', `/api/machines/${machine.id}`, `/api/machines/${MISSING}`],
      ];
      for (const [method, foreign, missing, body] of pairs) {
        const a = await as<{ message: string }>(OTHER, method, foreign, body);
        const b = await as<{ message: string }>(OTHER, method, missing, body);
        expect(a.status, `${method} ${foreign}`).toBe(404);
        expect(a.body.message.replace(String(set.id), 'N').replace(String(machine.id), 'N')).toBe(
          b.body.message.replace(String(MISSING), 'N'),
        );
      }
      const intoForeign = await as<{ message: string }>(OTHER, 'POST', '/api/machines', {
        set_id: set.id,
        key: 'x',
        kind: 'press',
        name: 'X',
      });
      const intoMissing = await as<{ message: string }>(OTHER, 'POST', '/api/machines', {
        set_id: MISSING,
        key: 'x',
        kind: 'press',
        name: 'X',
      });
      expect(intoForeign.status).toBe(400);
      expect(intoForeign.body).toEqual(intoMissing.body);
      const basedForeign = await as(OTHER, 'POST', '/api/machine-sets', {
        name: 'Copy',
        version_label: '1',
        based_on_id: set.id,
      });
      const basedMissing = await as(OTHER, 'POST', '/api/machine-sets', {
        name: 'Copy',
        version_label: '1',
        based_on_id: MISSING,
      });
      expect(basedForeign.status).toBe(400);
      expect(basedForeign.body).toEqual(basedMissing.body);
      const listed = await as<MachineRecord[]>(
        OTHER,
        'GET',
        `/api/machines?filter=${encodeURIComponent(JSON.stringify({ set_id: set.id }))}`,
      );
      expect(listed.body).toEqual([]);
      expect((await as<MachineSetRecord>(ADMIN, 'GET', `/api/machine-sets/${set.id}`)).body.name).toBe(set.name);
    });

    it('calculates with the current set’s machine and stores which set it used', async () => {
      const set = await currentSet(EDITOR);
      const res = await as<CalculationRecord>(EDITOR, 'POST', '/api/calculations', {
        template_id: 'press-job',
        inputs: { title: 'Press job', sheets: 26000, press: 'sm-102' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      // Demo press: (26000 / 13000 + 20 / 60) h × 90 kW = 210 kWh; × 0.4 kg CO2e/kWh = 84 kg.
      expect(res.body.results.values.energy_kwh).toBeCloseTo(210, 9);
      expect(res.body.total_co2e).toBeCloseTo(84, 9);
      expect(res.body.machine_set_id).toBe(set.id);
      expect(res.body.results.machine_set).toEqual({ id: set.id, name: set.name, version_label: set.version_label });
      const power = res.body.results.production!.find((use) => use.figure === 'power_kw')!;
      expect(power).toMatchObject({ machine: 'sm-102', value: 90, unit: 'kW', year: 2025 });
      expect(power.source).toMatch(/^Demo value/);
      expect(res.body.results.breakdown[0]!.production).toHaveLength(3);

      // Read back the same; a set a calculation used cannot be deleted.
      const read = await as<CalculationRecord>(EDITOR, 'GET', `/api/calculations/${res.body.id}`);
      expect(read.body.results.production).toEqual(res.body.results.production);
      const draftFrom = (
        await as<MachineSetRecord>(ADMIN, 'POST', '/api/machine-sets', {
          name: 'Next',
          version_label: 'n',
          based_on_id: set.id,
        })
      ).body;
      await as(ADMIN, 'PUT', `/api/machine-sets/${draftFrom.id}`, { status: 'published' });
      await as(ADMIN, 'PUT', `/api/machine-sets/${set.id}`, { status: 'archived' });
      const used = await as<{ message: string }>(ADMIN, 'DELETE', `/api/machine-sets/${set.id}`);
      expect(used.status).toBe(409);
      expect(used.body.message).toMatch(/^Kalkulationen verwenden diesen Maschinenpark/);

      // An edit keeps the set the calculation used although another one is current now.
      const edited = await as<CalculationRecord>(EDITOR, 'PUT', `/api/calculations/${res.body.id}`, {
        inputs: { title: 'Press job', sheets: 13000, press: 'sm-102' },
      });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      expect(edited.body.machine_set_id).toBe(set.id);

      // An unknown machine is a field error in the user's language, not a 500.
      const wrong = await as<{ errors: Record<string, string> }>(EDITOR, 'POST', '/api/calculations', {
        template_id: 'press-job',
        inputs: { title: 'x', sheets: 1, press: 'folder-1' },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors['inputs.press']).toBe('Bitte wählen Sie für Druckmaschine eine Maschine aus der Liste.');
      // Restore the seeded set as current.
      await as(ADMIN, 'PUT', `/api/machine-sets/${set.id}`, { status: 'published' });
      await as(ADMIN, 'PUT', `/api/machine-sets/${set.id}`, { current: true });
    });

    it('says so when no machine set is published', async () => {
      const mandant = await ctx.mandantId('printco');
      await ctx.db.updateTable('machine_sets').set({ current: false }).where('mandant_id', '=', mandant).execute();
      const res = await as<{ message: string }>(OTHER, 'POST', '/api/calculations', {
        template_id: 'press-job',
        inputs: { title: 'x', sheets: 1, press: 'sm-102' },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/kein Maschinenpark veröffentlicht/);
      await ctx.db.updateTable('machine_sets').set({ current: true }).where('mandant_id', '=', mandant).execute();
    });

    it('imports a template with a machine field: machines by key or name, unknown ones named with the set', async () => {
      const set = await currentSet(EDITOR);
      const upload = async (csv: string, mode = 'valid_rows') => {
        const params = new URLSearchParams({ template: 'press-job', file_name: 'press.csv', mode });
        const response = await fetch(`${ctx.baseUrl}/api/imports?${params}`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${tokens[EDITOR]!}`, 'Content-Type': 'text/csv', 'Accept-Language': 'de' },
          body: csv,
        });
        return { status: response.status, body: (await response.json()) as ImportReport };
      };
      const csv = [
        'Titel,Bogen,Druckmaschine',
        'By key,26000,sm-102',
        'By name,26000,speedmaster sm 102-4  · bogenoffset b1 (demo)',
        'Unknown,26000,Heidelberg XL 106',
        'Folder is no press,26000,folder-1',
        'Empty,26000,',
      ].join('\n');
      const { status, body } = await upload(csv);
      expect(status, JSON.stringify(body)).toBe(201);
      expect(body).toMatchObject({ rows_total: 5, rows_ok: 2, rows_failed: 3 });
      const unknown = body.errors.find((error) => error.row === 4)!;
      expect(unknown).toMatchObject({ column: 'Druckmaschine', value: 'Heidelberg XL 106', message_key: 'machine' });
      expect(unknown.message).toContain(`${set.name} ${set.version_label}`);
      expect(body.errors.find((error) => error.row === 5)).toMatchObject({ message_key: 'machine' });
      // An empty cell leaves the field empty: this template requires a press, so the row is refused by its rule.
      expect(body.errors.find((error) => error.row === 6)).toMatchObject({
        column: 'Druckmaschine',
        message_key: 'rule',
      });
      const imported = await as<CalculationRecord[]>(
        EDITOR,
        'GET',
        `/api/calculations?filter=${encodeURIComponent(JSON.stringify({ import_id: body.import!.id }))}&sort=${encodeURIComponent('["id","ASC"]')}`,
      );
      expect(imported.body.map((c) => [c.inputs.press, c.machine_set_id, c.total_co2e])).toEqual([
        ['sm-102', set.id, expect.closeTo(84, 9)],
        ['sm-102', set.id, expect.closeTo(84, 9)],
      ]);
      expect(imported.body[0]!.results.machine_set?.id).toBe(set.id);
    });
  },
  { env: { TEMPLATES_DIR: templatesDir } },
);
