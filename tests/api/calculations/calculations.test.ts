/**
 * The calculations resource: the server validates inputs against the template and computes the
 * results itself; optimistic locking, roles, mandant isolation and sequential numbers.
 * Brochure worked example (issue 3): A4, 16 pages, 5,000 copies, 115 g/m², 10 % spoilage →
 * 315.5922 kg of paper; with the 2025 demo factors 315.5922 × 0.90 + 44,000 sheets / 1000 ×
 * 2.5 kWh × 0.427 = 284.03298 + 46.97 = 331.00298 kg CO2e (2024: × 0.92 and × 0.445 → 339.294824).
 */
import { beforeAll, expect, it } from 'vitest';
import type {
  ApiErrorBody,
  CalculationListRecord,
  CalculationRecord,
  FactorDatabaseRecord,
  ProtocolEntryRecord,
} from '../../../src/core/api';
import { defaultInputs, loadTemplates } from '../../../src/core/template';
import { isoNow } from '../../../src/server/db/values';
import { readTemplateFiles } from '../../../src/server/templates/registry';
import { describeEachDatabase, type TestContext } from '../harness';

type Error400 = ApiErrorBody & { errors: Record<string, string> };

const BROCHURE_INPUTS = {
  title: 'Frühjahrskatalog',
  quantity: 5000,
  format: 'A4',
  pages: 16,
  paper: 'paper_virgin',
  grammage: 115,
  spoilage_pct: 10,
  has_cover: false,
  energy_kwh_per_1000: 2.5,
  electricity: 'electricity_de_grid',
  tags: ['katalog', 'test'],
};
/** The same brochure for version 2 of the template, which has no single energy figure or grid choice. */
const { energy_kwh_per_1000: _energy, electricity: _grid, ...BROCHURE_BASE } = BROCHURE_INPUTS;
const BROCHURE_V2_INPUTS = { ...BROCHURE_BASE, colours_front: 4, colours_back: 4, ups: 8, cartons: true };
const TOTAL_2025 = 331.00298;
const TOTAL_2024 = 339.294824;

const q = (params: Record<string, string>) => `?${new URLSearchParams(params).toString()}`;
const filter = (value: object) => q({ filter: JSON.stringify(value) });

describeEachDatabase('calculations', (ctx: TestContext) => {
  const tokens: Record<string, string> = {};
  const token = async (email: string) => (tokens[email] ??= await ctx.login(email));
  const create = async (email: string, body: object) =>
    ctx.request<CalculationRecord & Error400>('POST', '/api/calculations', { token: await token(email), body });
  let databases: FactorDatabaseRecord[] = [];

  beforeAll(async () => {
    databases = (
      await ctx.request<FactorDatabaseRecord[]>('GET', '/api/databases?sort=["version_label","ASC"]', {
        token: await token('editor@muster.example'),
      })
    ).body;
  });

  it('filters by the template fields the templates list as filters (select, factor key, boolean, multiselect)', async () => {
    const shipped = loadTemplates(readTemplateFiles('schemas/templates').files).templates;
    const defaults = (id: string) => defaultInputs(shipped.find((t) => t.id === id)!);
    const editor = 'editor@printco.example';
    const made = [
      await create(editor, {
        template_id: 'brochure',
        template_version: 1,
        inputs: {
          ...BROCHURE_INPUTS,
          title: 'Feldfilter A5 Recycling',
          format: 'A5',
          paper: 'paper_recycled',
          has_cover: true,
          cover_paper: 'paper_recycled',
          cover_grammage: 250,
        },
      }),
      await create(editor, {
        template_id: 'brochure',
        template_version: 1,
        inputs: { ...BROCHURE_INPUTS, title: 'Feldfilter A4 Frischfaser', format: 'A4', paper: 'paper_virgin' },
      }),
      await create(editor, {
        template_id: 'folding-box',
        template_version: 1,
        inputs: { ...defaults('folding-box'), title: 'Feldfilter Schachtel', finish: ['foil', 'varnish'] },
      }),
    ];
    for (const res of made) expect(res.status, JSON.stringify(res.body)).toBe(201);
    const titles = async (inputs: object) => {
      const res = await ctx.request<CalculationRecord[]>(
        'GET',
        `/api/calculations${filter({ q: 'Feldfilter', inputs })}`,
        { token: await token(editor) },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.map((c) => c.title).sort();
    };
    expect(await titles({ format: 'A5' })).toEqual(['Feldfilter A5 Recycling']);
    // A factor field matches its key exactly (the list offers the factors by name): part of a key finds nothing.
    expect(await titles({ paper: 'paper_recycled' })).toEqual(['Feldfilter A5 Recycling']);
    expect(await titles({ paper: 'RECYC' })).toEqual([]);
    expect(await titles({ has_cover: true })).toEqual(['Feldfilter A5 Recycling']);
    expect(await titles({ has_cover: false })).toEqual(['Feldfilter A4 Frischfaser']);
    expect(await titles({ finish: 'foil' })).toEqual(['Feldfilter Schachtel']);
    expect(await titles({ finish: 'embossing' })).toEqual([]);
    expect(await titles({ format: 'A4', paper: 'paper_virgin' })).toEqual(['Feldfilter A4 Frischfaser']);
    // An emptied filter input filters nothing.
    expect(await titles({ format: null, paper: '' })).toHaveLength(3);

    // Only declared filter fields, with values of their type: anything else is a clear 400.
    for (const inputs of [
      { quantity: 5 },
      { "format') or 1=1 --": 'x' },
      { has_cover: 'maybe' },
      { format: { a: 1 } },
      ['A4'],
    ]) {
      const res = await ctx.request<ApiErrorBody>('GET', `/api/calculations${filter({ inputs })}`, {
        token: await token(editor),
      });
      expect(res.status, JSON.stringify(inputs)).toBe(400);
      expect(res.body.message).toMatch(/inputs/);
    }
  });

  it('creates a calculation, computes the results on the server and ignores results sent by the client', async () => {
    const res = await create('editor@muster.example', {
      template_id: 'brochure',
      template_version: 1,
      customer: 'Verlag Nord',
      inputs: BROCHURE_INPUTS,
      results: { values: { total_co2e: 1 } },
      total_co2e: 1,
      number: 'K-1999-999999',
      mandant_id: await ctx.mandantId('printco'),
    });
    expect(res.status).toBe(201);
    const calc = res.body;
    expect(calc.mandant_id).toBe(await ctx.mandantId('muster'));
    expect(calc.number).toMatch(new RegExp(`^K-${new Date().getUTCFullYear()}-\\d{6}$`));
    expect(calc.template_id).toBe('brochure');
    expect(calc.template_version).toBe(1);
    expect(calc.template_type).toBe('product');
    expect(calc.title).toBe('Frühjahrskatalog');
    expect(calc.tags).toEqual(['katalog', 'test']);
    expect(calc.customer).toBe('Verlag Nord');
    expect(calc.status).toBe('draft');
    expect(calc.version).toBe(1);
    expect(calc.created_by).toBe(await ctx.userId('editor@muster.example'));
    expect(calc.results.values.paper_kg).toBeCloseTo(315.5922, 6);
    expect(calc.total_co2e).toBeCloseTo(TOTAL_2025, 6);
    expect(calc.results.values.total_co2e).toBe(calc.total_co2e);
    // Default database of the mandant: the 2025 demo set; the breakdown names factors and sources.
    expect(calc.database_id).toBe(databases.find((d) => d.version_label === '2025')!.id);
    expect(calc.results.database.name).toBe('Demo-Faktoren 2025');
    const paper = calc.results.breakdown.find((b) => b.name === 'paper_co2e')!;
    expect(paper.factors.map((f) => [f.key, f.value])).toEqual([['paper_virgin', 0.9]]);
    expect(paper.factors[0]!.source).toMatch(/DESNZ/);
    expect(calc.inputs).toEqual(BROCHURE_INPUTS);
    // Written to the protocol in the same transaction, labelled with the number.
    const entry = await ctx.db
      .selectFrom('protocol')
      .select(['action', 'record_label', 'mandant_id'])
      .where('resource', '=', 'calculations')
      .where('record_id', '=', String(calc.id))
      .executeTakeFirst();
    expect(entry).toEqual({ action: 'created', record_label: calc.number, mandant_id: calc.mandant_id });
    const again = await ctx.request<CalculationRecord>('GET', `/api/calculations/${calc.id}`, {
      token: await token('viewer@muster.example'),
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(calc);
    // Factor texts and figures are read from the (published, immutable) database: the row keeps the key (issue 38).
    expect(paper.factors[0]!.label?.de).toBe('Papier, Frischfaser');
    expect(paper.factors[0]).toMatchObject({ key: 'paper_virgin', value: 0.9, unit: 'kg', year: 2023, region: 'EU' });
    const stored = await ctx.db
      .selectFrom('calculation_state')
      .select('results')
      .where('calculation_id', '=', calc.id)
      .executeTakeFirstOrThrow();
    const storedText = typeof stored.results === 'string' ? stored.results : JSON.stringify(stored.results);
    expect(storedText).not.toMatch(/DESNZ|Frischfaser/);
    // A reference to the factor of the published database, no copy of its figures (issue 38, item 2).
    expect(JSON.parse(storedText).factors).toContain('paper_virgin');
    expect(storedText).not.toMatch(/"year"|"region"|"unit"/);
    const listed = await ctx.request<CalculationRecord[]>('GET', `/api/calculations${filter({ id: [calc.id] })}`, {
      token: await token('viewer@muster.example'),
    });
    expect(listed.body).toEqual([calc]);
  });

  it('a result keeps each factor\u2019s year and region; rows stored before they were kept read them as unknown (issue #21)', async () => {
    const res = await create('editor@muster.example', {
      template_id: 'brochure',
      template_version: 1,
      inputs: { ...BROCHURE_INPUTS, title: 'Herkunft der Zahlen' },
    });
    expect(res.status).toBe(201);
    const printing = res.body.results.breakdown.find((b) => b.name === 'printing_co2e')!;
    expect(printing.factors).toEqual([
      expect.objectContaining({ key: 'electricity_de_grid', year: 2024, region: 'DE' }),
    ]);
    expect(res.body.results.factors.find((f) => f.key === 'paper_virgin')).toMatchObject({ year: 2023, region: 'EU' });
    const read = await ctx.request<CalculationRecord>('GET', `/api/calculations/${res.body.id}`, {
      token: await token('viewer@muster.example'),
    });
    expect(read.body.results.breakdown.find((b) => b.name === 'printing_co2e')!.factors[0]).toMatchObject({
      year: 2024,
      region: 'DE',
    });

    // A row written before year and region were kept still loads; the two read as unknown.
    const row = await ctx.db
      .selectFrom('calculation_state')
      .select('results')
      .where('calculation_id', '=', res.body.id)
      .executeTakeFirstOrThrow();
    const older = JSON.parse(typeof row.results === 'string' ? row.results : JSON.stringify(row.results)) as {
      factors: Record<string, unknown>[];
    };
    // Such a row copied each factor's key, value and unit (rows written now name the factor only: issue 38).
    older.factors = res.body.results.factors.map(({ key, value, unit }) => ({ key, value, unit }));
    await ctx.db
      .updateTable('calculation_state')
      .set({ results: JSON.stringify(older) })
      .where('calculation_id', '=', res.body.id)
      .execute();
    const old = await ctx.request<CalculationRecord>('GET', `/api/calculations/${res.body.id}`, {
      token: await token('viewer@muster.example'),
    });
    expect(old.status).toBe(200);
    const oldFactor = old.body.results.breakdown.find((b) => b.name === 'printing_co2e')!.factors[0]!;
    expect(oldFactor).toMatchObject({ key: 'electricity_de_grid', value: printing.factors[0]!.value });
    expect(oldFactor.year ?? null).toBeNull();
    expect(oldFactor.region ?? null).toBeNull();
    expect(old.body.total_co2e).toBe(res.body.total_co2e);
  });

  it('computes with a chosen published database, and refuses drafts and other mandants\u2019 databases', async () => {
    const db2024 = databases.find((d) => d.version_label === '2024')!;
    const res = await create('editor@muster.example', {
      template_id: 'brochure',
      template_version: 1,
      inputs: BROCHURE_INPUTS,
      database_id: db2024.id,
    });
    expect(res.status).toBe(201);
    expect(res.body.database_id).toBe(db2024.id);
    expect(res.body.total_co2e).toBeCloseTo(TOTAL_2024, 6);
    // null (an emptied form input) means "not given": the mandant's default database, the current template version.
    const defaults = await create('editor@muster.example', {
      template_id: 'brochure',
      // Inputs written for version 2 still compute on version 3: its new fields are optional with defaults.
      inputs: BROCHURE_V2_INPUTS,
      database_id: null,
      template_version: null,
    });
    expect(defaults.status).toBe(201);
    expect(defaults.body.database_id).toBe(databases.find((d) => d.version_label === '2025')!.id);
    expect(defaults.body.template_version).toBe(3);

    const now = isoNow();
    const printco = await ctx.mandantId('printco');
    const foreign = await ctx.db
      .insertInto('factor_databases')
      .values({
        mandant_id: printco,
        name: 'Print & Co own',
        version_label: '1',
        status: 'published',
        valid_from: null,
        source: 'test',
        based_on_id: null,
        demo: false,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const draft = await ctx.db
      .insertInto('factor_databases')
      .values({
        mandant_id: null,
        name: 'Draft',
        version_label: 'next',
        status: 'draft',
        valid_from: null,
        source: 'test',
        based_on_id: null,
        demo: false,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const id of [foreign.id, draft.id, 987654]) {
      const refused = await create('editor@muster.example', {
        template_id: 'brochure',
        template_version: 1,
        inputs: BROCHURE_INPUTS,
        database_id: id,
      });
      expect(refused.status).toBe(400);
      expect(Object.keys(refused.body.errors)).toEqual(['database_id']);
    }
    // The foreign database is invisible to muster's users in the databases resource too.
    const list = await ctx.request<FactorDatabaseRecord[]>('GET', '/api/databases', {
      token: await token('editor@muster.example'),
    });
    expect(list.body.map((d) => d.id)).not.toContain(foreign.id);
    await ctx.db.deleteFrom('factor_databases').where('id', 'in', [foreign.id, draft.id]).execute();
  });

  it('rejects bad inputs field by field, in the user\u2019s language', async () => {
    const res = await create('editor@muster.example', {
      template_id: 'brochure',
      template_version: 1,
      inputs: {
        ...BROCHURE_INPUTS,
        quantity: 'viele',
        pages: 15,
        cover_paper: 'board_virgin',
        colour: 'red',
        grammage: 20,
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Die Eingaben sind ungültig. Bitte prüfen Sie die markierten Felder.');
    expect(res.body.errors).toEqual({
      'inputs.quantity': expect.stringMatching(/Auflage/),
      'inputs.pages': expect.stringMatching(/Vielfaches von 4/),
      'inputs.cover_paper': expect.stringMatching(/nicht angezeigt/), // hidden: has_cover is false
      'inputs.colour': expect.stringMatching(/colour/), // unknown field
      'inputs.grammage': expect.stringMatching(/zwischen 40 und 400/),
    });
    const english = await create('editor@printco.example', {
      template_id: 'brochure',
      template_version: 1,
      inputs: { ...BROCHURE_INPUTS, title: undefined, paper: 'steel' },
    });
    expect(english.status).toBe(400);
    expect(english.body.message).toMatch(/not valid/);
    expect(english.body.errors).toEqual({
      'inputs.title': 'Title is required.',
      'inputs.paper': expect.stringMatching(/Paper/),
    });
    const repeatable = await create('editor@muster.example', {
      template_id: 'brochure',
      template_version: 1,
      inputs: { ...BROCHURE_INPUTS, transport: [{ mode: 'road_freight_truck', distance_km: -5 }] },
    });
    expect(repeatable.status).toBe(400);
    expect(Object.keys(repeatable.body.errors)).toEqual(['inputs.transport.0.distance_km']);
    const count = await ctx.db
      .selectFrom('calculations')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('title', '=', 'Frühjahrskatalog')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(3); // nothing of the rejected ones was stored
  });

  it('rejects unknown templates and template versions that no longer exist', async () => {
    const unknown = await create('editor@muster.example', { template_id: 'rocket', inputs: {} });
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.body.errors)).toEqual(['template_id']);
    const gone = await create('editor@muster.example', {
      template_id: 'brochure',
      template_version: 99,
      inputs: BROCHURE_INPUTS,
    });
    expect(gone.status).toBe(400);
    expect(gone.body.errors).toEqual({ template_version: 'Diese Version der Vorlage gibt es nicht mehr.' });
    // A stored calculation whose template version is gone can be read, but not recomputed.
    const calc = (
      await create('editor@muster.example', { template_id: 'brochure', template_version: 1, inputs: BROCHURE_INPUTS })
    ).body;
    await ctx.db
      .updateTable('calculation_state')
      .set({ template_version: 0 })
      .where('calculation_id', '=', calc.id)
      .execute();
    const t = await token('editor@muster.example');
    expect((await ctx.request('GET', `/api/calculations/${calc.id}`, { token: t })).status).toBe(200);
    const update = await ctx.request<Error400>('PUT', `/api/calculations/${calc.id}`, {
      token: t,
      body: { inputs: { ...BROCHURE_INPUTS, quantity: 10 }, version: 1 },
    });
    expect(update.status).toBe(400);
    expect(Object.keys(update.body.errors)).toEqual(['template_version']);
    // Status changes need no recomputation and still work.
    const status = await ctx.request<CalculationRecord>('PUT', `/api/calculations/${calc.id}`, {
      token: t,
      body: { status: 'final' },
    });
    expect(status.status).toBe(200);
    expect(status.body.status).toBe('final');
  });

  it('updates: recomputes, bumps the version, answers 409 for a stale version and keeps the winner', async () => {
    const t = await token('editor@muster.example');
    const calc = (
      await create('editor@muster.example', { template_id: 'brochure', template_version: 1, inputs: BROCHURE_INPUTS })
    ).body;
    const changed = {
      ...calc,
      inputs: { ...BROCHURE_INPUTS, quantity: 10000, title: 'Katalog groß' },
      total_co2e: 0,
      results: { values: {} },
    };
    const first = await ctx.request<CalculationRecord>('PUT', `/api/calculations/${calc.id}`, {
      token: t,
      body: changed,
    });
    expect(first.status).toBe(200);
    expect(first.body.version).toBe(2);
    expect(first.body.title).toBe('Katalog groß');
    expect(first.body.total_co2e).toBeCloseTo(TOTAL_2025 * 2, 6);
    expect(first.body.number).toBe(calc.number);
    const stale = await ctx.request<ApiErrorBody>('PUT', `/api/calculations/${calc.id}`, {
      token: t,
      body: { ...calc, customer: 'Late' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/inzwischen von jemand anderem geändert/);
    const stored = await ctx.request<CalculationRecord>('GET', `/api/calculations/${calc.id}`, { token: t });
    expect(stored.body.customer).toBeNull();
    expect(stored.body.version).toBe(2);
    // updateMany-style partial bodies without a version: tags land in the inputs and the column.
    const tags = await ctx.request<CalculationRecord>('PUT', `/api/calculations/${calc.id}`, {
      token: t,
      body: { tags: ['neu'] },
    });
    expect(tags.status).toBe(200);
    expect(tags.body.tags).toEqual(['neu']);
    expect(tags.body.inputs.tags).toEqual(['neu']);
    expect(tags.body.version).toBe(3);
    const byNew = await ctx.request<CalculationRecord[]>('GET', `/api/calculations${filter({ tags: 'neu' })}`, {
      token: t,
    });
    expect(byNew.body.map((c) => c.id)).toEqual([calc.id]);
    const byOld = await ctx.request<CalculationRecord[]>('GET', `/api/calculations${filter({ tags: 'katalog' })}`, {
      token: t,
    });
    expect(byOld.body.map((c) => c.id)).not.toContain(calc.id);
    // Bad inputs on update: 400, nothing changes.
    const bad = await ctx.request<Error400>('PUT', `/api/calculations/${calc.id}`, {
      token: t,
      body: { inputs: { ...BROCHURE_INPUTS, quantity: 0 }, version: 3 },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['inputs.quantity']);
    expect(
      (await ctx.request<CalculationRecord>('GET', `/api/calculations/${calc.id}`, { token: t })).body.version,
    ).toBe(3);
  });

  it('duplicates as a POST with duplicated_from: a new number, the same inputs', async () => {
    const t = await token('editor@muster.example');
    const original = (
      await create('editor@muster.example', {
        template_id: 'brochure',
        template_version: 1,
        inputs: BROCHURE_INPUTS,
        customer: 'Kunde A',
      })
    ).body;
    const copy = await create('editor@muster.example', {
      template_id: 'brochure',
      template_version: 1,
      inputs: { ...original.inputs, title: 'Kopie' },
      duplicated_from: original.id,
    });
    expect(copy.status).toBe(201);
    expect(copy.body.duplicated_from).toBe(original.id);
    expect(copy.body.number).not.toBe(original.number);
    expect(copy.body.title).toBe('Kopie');
    expect(copy.body.total_co2e).toBeCloseTo(original.total_co2e, 9);
    // Without inputs, the original's inputs are copied.
    const bare = await create('editor@muster.example', { duplicated_from: original.id });
    expect(bare.status).toBe(201);
    expect(bare.body.inputs).toEqual(original.inputs);
    // Another mandant's calculation cannot be duplicated (and is not confirmed to exist).
    const printcoCalc = (
      await ctx.request<CalculationRecord[]>('GET', '/api/calculations', {
        token: await token('editor@printco.example'),
      })
    ).body[0]!;
    const foreign = await create('editor@muster.example', { duplicated_from: printcoCalc.id });
    expect(foreign.status).toBe(400);
    expect(Object.keys(foreign.body.errors)).toEqual(['duplicated_from']);
    expect((await ctx.request('DELETE', `/api/calculations/${bare.body.id}`, { token: t })).status).toBe(200);

    // The protocol names the copy a duplicate, and a status change its own action, without the derived results.
    const entries = async (recordId: number) =>
      (
        await ctx.request<ProtocolEntryRecord[]>(
          'GET',
          `/api/protocol${filter({ resource: 'calculations', record_id: String(recordId) })}`,
          { token: t },
        )
      ).body;
    expect((await entries(copy.body.id)).map((e) => e.action)).toContain('duplicated');
    const final = await ctx.request<CalculationRecord>('PUT', `/api/calculations/${copy.body.id}`, {
      token: t,
      body: { status: 'final' },
    });
    expect(final.status).toBe(200);
    const statusEntry = (await entries(copy.body.id)).find((e) => e.action === 'status_changed');
    expect(statusEntry?.changes).toMatchObject({ status: { old: 'draft', new: 'final' } });
    expect(Object.keys(statusEntry?.changes ?? {})).not.toContain('results');
  });

  it('hands out unique, sequential numbers, also under concurrent creates', async () => {
    const t = await token('editor@printco.example');
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        ctx.request<CalculationRecord>('POST', '/api/calculations', {
          token: t,
          body: {
            template_id: 'brochure',
            template_version: 1,
            inputs: { ...BROCHURE_INPUTS, title: `Parallel ${i}` },
          },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
    const sequence = results.map((r) => Number(r.body.number.slice(-6))).sort((a, b) => a - b);
    for (let i = 1; i < sequence.length; i++) expect(sequence[i]).toBe(sequence[i - 1]! + 1);
    const all = await ctx.request<CalculationRecord[]>('GET', '/api/calculations?sort=["number","ASC"]', { token: t });
    const numbers = all.body.map((c) => Number(c.number.slice(-6)));
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
  });

  it('q finds the text anywhere in number, title or customer, from the search index, literally and in any case', async () => {
    const editor = 'editor@muster.example';
    const t = await token(editor);
    const made = (
      await create(editor, {
        template_id: 'brochure',
        template_version: 1,
        inputs: { ...BROCHURE_INPUTS, title: 'Katalog 100% Öko_Papier "Spezial"' },
        customer: 'ÉTÉ Verlag',
      })
    ).body;
    const ids = async (text: string) =>
      (await ctx.request<CalculationRecord[]>('GET', `/api/calculations${filter({ q: text })}`, { token: t })).body.map(
        (c) => c.id,
      );
    for (const text of ['öko_pap', '0% ö', '"spezial"', 'été', 'ÉTÉ VER', 'Öko', 'öK', made.number.slice(2)]) {
      expect(await ids(text), text).toContain(made.id);
    }
    // Wildcards and quotes are text, not syntax; the columns are searched one by one (no match across them).
    for (const text of ['ko%pa', 'öko_pa_ier', 'Spezial" ÉTÉ', '"spezial" été'])
      expect(await ids(text), text).not.toContain(made.id);
    // The index follows updates and deletes in the same statement.
    const renamed = await ctx.request<CalculationRecord>('PUT', `/api/calculations/${made.id}`, {
      token: t,
      body: { ...made, customer: 'Neukunde' },
    });
    expect(renamed.status).toBe(200);
    expect(await ids('été')).not.toContain(made.id);
    expect(await ids('neukun')).toContain(made.id);
    expect((await ctx.request('DELETE', `/api/calculations/${made.id}`, { token: t })).status).toBe(200);
    expect(await ids('neukun')).not.toContain(made.id);
  });

  it('lists with sort, range, q, template_id, template_type, tags and status filters', async () => {
    const t = await token('viewer@muster.example');
    const all = await ctx.request<CalculationRecord[]>(
      'GET',
      '/api/calculations?sort=["total_co2e","DESC"]&range=[0,99]',
      { token: t },
    );
    expect(all.status).toBe(200);
    const totals = all.body.map((c) => c.total_co2e);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    const total = all.body.length;
    expect(all.headers.get('content-range')).toBe(`calculations 0-${total - 1}/${total}`);
    const page = await ctx.request<CalculationRecord[]>(
      'GET',
      '/api/calculations?sort=["total_co2e","DESC"]&range=[1,2]',
      { token: t },
    );
    expect(page.body.map((c) => c.id)).toEqual(all.body.slice(1, 3).map((c) => c.id));
    expect(page.headers.get('content-range')).toBe(`calculations 1-2/${total}`);

    const byTemplate = await ctx.request<CalculationRecord[]>(
      'GET',
      `/api/calculations${filter({ template_id: 'flyer' })}`,
      { token: t },
    );
    expect(byTemplate.body.length).toBeGreaterThan(0);
    expect(byTemplate.body.every((c) => c.template_id === 'flyer')).toBe(true);
    const company = await ctx.request<CalculationRecord[]>(
      'GET',
      `/api/calculations${filter({ template_type: 'company' })}`,
      { token: t },
    );
    expect(company.body.map((c) => c.template_id)).toEqual(['company-footprint']);
    // By type and total: read through the state row's copy of the type (migration 0072), in the same order.
    for (const type of ['product', 'company'] as const) {
      const byTotal = await ctx.request<CalculationRecord[]>(
        'GET',
        `/api/calculations${q({ filter: JSON.stringify({ template_type: type }), sort: '["total_co2e","DESC"]', range: '[0,99]' })}`,
        { token: t },
      );
      expect(byTotal.status).toBe(200);
      expect(byTotal.body.map((c) => c.id)).toEqual(all.body.filter((c) => c.template_type === type).map((c) => c.id));
    }
    const tagged = await ctx.request<CalculationRecord[]>('GET', `/api/calculations${filter({ tags: 'katalog' })}`, {
      token: t,
    });
    expect(tagged.body.length).toBeGreaterThan(0);
    expect(tagged.body.every((c) => c.tags.includes('katalog'))).toBe(true);
    expect(tagged.headers.get('content-range')).toMatch(new RegExp(`/${tagged.body.length}$`));
    const bothTags = await ctx.request<CalculationRecord[]>(
      'GET',
      `/api/calculations${filter({ tags: ['katalog', 'nope'] })}`,
      { token: t },
    );
    expect(bothTags.body).toEqual([]);
    const search = await ctx.request<CalculationRecord[]>('GET', `/api/calculations${filter({ q: 'sommerFEST' })}`, {
      token: t,
    });
    expect(search.body.map((c) => c.title)).toEqual(['Flyer Sommerfest']);
    const byCustomer = await ctx.request<CalculationRecord[]>(
      'GET',
      `/api/calculations${filter({ q: 'verlag nord' })}`,
      { token: t },
    );
    expect(byCustomer.body.map((c) => c.customer)).toEqual(['Verlag Nord']);
    const byNumber = await ctx.request<CalculationRecord[]>(
      'GET',
      `/api/calculations${filter({ q: all.body[0]!.number })}`,
      { token: t },
    );
    expect(byNumber.body.map((c) => c.id)).toEqual([all.body[0]!.id]);
    const final = await ctx.request<CalculationRecord[]>(
      'GET',
      `/api/calculations${filter({ status: 'final', template_type: 'product' })}`,
      { token: t },
    );
    expect(final.body.length).toBeGreaterThan(0);
    expect(final.body.every((c) => c.status === 'final' && c.template_type === 'product')).toBe(true);
    const getMany = await ctx.request<CalculationRecord[]>(
      'GET',
      `/api/calculations${filter({ id: all.body.slice(0, 2).map((c) => c.id) })}`,
      { token: t },
    );
    expect(getMany.body).toHaveLength(2);
    for (const bad of ['{"tags":5}', '{"inputs":"x"}', '{"total_co2e":"many"}']) {
      expect((await ctx.request('GET', `/api/calculations${q({ filter: bad })}`, { token: t })).status).toBe(400);
    }
  });

  it('a list page carries what lists show; the record (getOne) and a request by ids without range (getMany) the whole breakdown', async () => {
    const editor = 'editor@muster.example';
    const made = await create(editor, {
      template_id: 'brochure',
      template_version: 1,
      inputs: { ...BROCHURE_INPUTS, title: 'Listenzeile' },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const [row] = (
      await ctx.request<CalculationListRecord[]>(
        'GET',
        `/api/calculations${q({ filter: JSON.stringify({ q: 'Listenzeile' }), range: '[0,24]' })}`,
        { token: await token(editor) },
      )
    ).body;
    const whole = (
      await ctx.request<CalculationRecord>('GET', `/api/calculations/${made.body.id}`, { token: await token(editor) })
    ).body;
    const { inputs: _inputs, results: _results, ...columns } = whole;
    expect(row).toMatchObject(columns);
    // The brochure lists title, quantity, pages, format and total_co2e; product templates list no other field of it.
    expect(row!.inputs).toEqual({ title: 'Listenzeile', quantity: 5000, pages: 16, format: 'A4' });
    expect(row!.results).toEqual({ values: { total_co2e: whole.results.values.total_co2e }, primary: 'total_co2e' });
    expect(whole.results.breakdown.length).toBeGreaterThan(0);
    expect(whole.inputs).toMatchObject({ paper: 'paper_virgin', grammage: 115 });
    const many = await ctx.request<CalculationRecord[]>('GET', `/api/calculations${filter({ id: [made.body.id] })}`, {
      token: await token(editor),
    });
    expect(many.body).toEqual([whole]);
  });

  it('viewers read but cannot write (403)', async () => {
    const t = await token('viewer@muster.example');
    const existing = (await ctx.request<CalculationRecord[]>('GET', '/api/calculations', { token: t })).body[0]!;
    expect(
      (
        await ctx.request('POST', '/api/calculations', {
          token: t,
          body: { template_id: 'brochure', template_version: 1, inputs: BROCHURE_INPUTS },
        })
      ).status,
    ).toBe(403);
    expect(
      (await ctx.request('PUT', `/api/calculations/${existing.id}`, { token: t, body: { status: 'final' } })).status,
    ).toBe(403);
    expect((await ctx.request('DELETE', `/api/calculations/${existing.id}`, { token: t })).status).toBe(403);
    expect((await ctx.request('GET', '/api/calculations')).status).toBe(401);
  });

  it('isolates mandants: another mandant\u2019s calculation is 404, never listed or counted', async () => {
    const t = await token('admin@muster.example');
    const muster = await ctx.mandantId('muster');
    const printcoRows = await ctx.db
      .selectFrom('calculations')
      .select(['id'])
      .where('mandant_id', '=', await ctx.mandantId('printco'))
      .execute();
    expect(printcoRows.length).toBeGreaterThan(0);
    const foreign = printcoRows[0]!.id;
    expect((await ctx.request('GET', `/api/calculations/${foreign}`, { token: t })).status).toBe(404);
    expect(
      (await ctx.request('PUT', `/api/calculations/${foreign}`, { token: t, body: { status: 'final' } })).status,
    ).toBe(404);
    expect((await ctx.request('DELETE', `/api/calculations/${foreign}`, { token: t })).status).toBe(404);
    const list = await ctx.request<CalculationRecord[]>('GET', `/api/calculations?range=[0,999]`, { token: t });
    expect(list.body.every((c) => c.mandant_id === muster)).toBe(true);
    const own = await ctx.db
      .selectFrom('calculations')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('mandant_id', '=', muster)
      .executeTakeFirstOrThrow();
    expect(list.headers.get('content-range')).toMatch(new RegExp(`/${Number(own.n)}$`));
    const byIds = await ctx.request<CalculationRecord[]>(
      'GET',
      `/api/calculations${filter({ id: printcoRows.map((r) => r.id) })}`,
      { token: t },
    );
    expect(byIds.body).toEqual([]);
    const byMandant = await ctx.request<CalculationRecord[]>(
      'GET',
      `/api/calculations${filter({ mandant_id: await ctx.mandantId('printco') })}`,
      { token: t },
    );
    expect(byMandant.headers.get('content-range')).toBe('calculations */0');
    // Provider admins see all, and must say which mandant a new calculation belongs to.
    const admin = await token('admin@kontor.example');
    const everything = await ctx.request<CalculationRecord[]>('GET', '/api/calculations?range=[0,999]', {
      token: admin,
    });
    expect(new Set(everything.body.map((c) => c.mandant_id)).size).toBe(2);
    const noMandant = await create('admin@kontor.example', {
      template_id: 'brochure',
      template_version: 1,
      inputs: BROCHURE_INPUTS,
    });
    expect(noMandant.status).toBe(400);
    expect(Object.keys(noMandant.body.errors)).toEqual(['mandant_id']);
    const forMuster = await create('admin@kontor.example', {
      template_id: 'brochure',
      template_version: 1,
      inputs: BROCHURE_INPUTS,
      mandant_id: muster,
    });
    expect(forMuster.status).toBe(201);
    expect(forMuster.body.mandant_id).toBe(muster);
  });

  it('frozen calculations cannot be changed or deleted (409)', async () => {
    const t = await token('editor@muster.example');
    const calc = (
      await create('editor@muster.example', { template_id: 'brochure', template_version: 1, inputs: BROCHURE_INPUTS })
    ).body;
    await ctx.db.updateTable('calculations').set({ frozen: true }).where('id', '=', calc.id).execute();
    expect(
      (
        await ctx.request('PUT', `/api/calculations/${calc.id}`, {
          token: t,
          body: { inputs: { ...BROCHURE_INPUTS, quantity: 1 } },
        })
      ).status,
    ).toBe(409);
    expect((await ctx.request('DELETE', `/api/calculations/${calc.id}`, { token: t })).status).toBe(409);
    // Sending the record back unchanged (a no-op) is fine.
    const same = await ctx.request<CalculationRecord>('PUT', `/api/calculations/${calc.id}`, { token: t, body: calc });
    expect(same.status).toBe(200);
    expect(same.body.frozen).toBe(true);
  });
});
