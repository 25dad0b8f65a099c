/**
 * The calculations list counts template type, template and status filters from a table of counts and tag filters
 * from the tag index (issue #22 item 4, migration 0031). Those counts must follow every write — through the API
 * and straight into the table — and agree with counting the rows, for a mandant's users and for the provider.
 * The state row's copy of the template type (migration 0072), which the list by type and total and the statistics
 * overview read, must follow the calculation's type through every writer too, also when a template version of
 * another type moves it.
 */
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import type {
  CalculationRecord,
  FactorMigrationRecord,
  StatisticsResult,
  TemplateVersionRecord,
} from '../../../src/core/api';
import type { Template } from '../../../src/core/template';
import { describeEachDatabase, type TestContext } from '../harness';

const list = (filter: object, sorted: { sort?: string; range?: string } = {}) =>
  `/api/calculations?${new URLSearchParams({ filter: JSON.stringify(filter), range: '[0,4]', ...sorted }).toString()}`;

const YEAR = new Date().getUTCFullYear();
const RANGE = { from: `${YEAR - 1}-01-01`, to: `${YEAR + 1}-12-31` };

describeEachDatabase('calculations list counts', (ctx: TestContext) => {
  let editor = '';
  let provider = '';
  let mandant = 0;
  let original: CalculationRecord;

  /** The total Content-Range names (`calculations 0-4/12`; an empty page says star, slash, total). */
  const total = async (token: string, filter: object) => {
    const res = await ctx.request<CalculationRecord[]>('GET', list(filter), { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return Number(res.headers.get('content-range')!.split('/')[1]);
  };

  /** The same filter counted on the rows themselves. */
  const rows = async (
    filter: { status?: string; template_id?: string; template_type?: string; tags?: string[] },
    scope?: number,
  ) => {
    let query = ctx.db.selectFrom('calculations').select((eb) => eb.fn.countAll().as('n'));
    if (scope !== undefined) query = query.where('mandant_id', '=', scope);
    if (filter.status) query = query.where('status', '=', filter.status as CalculationRecord['status']);
    if (filter.template_id) query = query.where('template_id', '=', filter.template_id);
    if (filter.template_type) query = query.where('template_type', '=', filter.template_type);
    for (const tag of filter.tags ?? []) {
      query = query.where(
        'id',
        'in',
        ctx.db.selectFrom('calculation_tags').select('calculation_id').where('tag', '=', tag),
      );
    }
    return Number((await query.executeTakeFirstOrThrow()).n);
  };

  const FILTERS = [
    {},
    { status: 'final' },
    { status: 'draft' },
    { template_id: 'brochure' },
    { template_id: 'brochure', status: 'final' },
    { template_type: 'product', status: 'draft' },
    { template_type: 'company' },
    { tags: ['zählung'] },
    { tags: ['zählung', 'zweiter'] },
  ];

  /** The calculations of a type (their own row's) that have a state row, as the list by total reads them. */
  const typed = async (type: string, scope?: number) => {
    let query = ctx.db
      .selectFrom('calculations')
      .innerJoin('calculation_state', 'calculation_state.calculation_id', 'calculations.id')
      .select('calculations.id')
      .where('calculations.template_type', '=', type);
    if (scope !== undefined) query = query.where('calculations.mandant_id', '=', scope);
    return (await query.orderBy('calculations.id').execute()).map((row) => row.id);
  };

  /** The ids a page of the type sorted by total lists (read through the state row's copy, 0072). */
  const listedByTotal = async (token: string, type: string) => {
    const res = await ctx.request<CalculationRecord[]>(
      'GET',
      list({ template_type: type }, { sort: '["total_co2e","DESC"]', range: '[0,999]' }),
      { token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.map((c) => c.id).sort((a, b) => a - b);
  };

  /** The overview's calculated figures (company footprints left out, read through the state row's copy, 0072). */
  const overviewAgrees = async () => {
    const res = await ctx.request<StatisticsResult>(
      'GET',
      `/api/statistics/overview?from=${RANGE.from}&to=${RANGE.to}`,
      { token: editor },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const expected = await ctx.db
      .selectFrom('calculations')
      .innerJoin('calculation_state', 'calculation_state.calculation_id', 'calculations.id')
      .select((eb) => [eb.fn.countAll().as('n'), eb.fn.sum<number>('calculation_state.total_co2e').as('kg')])
      .where('calculations.mandant_id', '=', mandant)
      .where('calculations.template_type', '!=', 'company')
      .where('calculations.created_at', '>=', `${RANGE.from}T00:00:00.000Z`)
      .where('calculations.created_at', '<', `${YEAR + 2}-01-01T00:00:00.000Z`)
      .executeTakeFirstOrThrow();
    expect(res.body.rows[0]).toMatchObject({
      calculations: Number(expected.n),
      co2e_kg: Math.round(Number(expected.kg ?? 0) * 1000) / 1000,
    });
  };

  const expectAgreement = async () => {
    for (const filter of FILTERS) {
      expect(await total(editor, filter), `editor ${JSON.stringify(filter)}`).toBe(await rows(filter, mandant));
      expect(await total(provider, filter), `provider ${JSON.stringify(filter)}`).toBe(await rows(filter));
    }
    for (const type of ['product', 'company']) {
      expect(await listedByTotal(editor, type), `editor ${type} by total`).toEqual(await typed(type, mandant));
      expect(await listedByTotal(provider, type), `provider ${type} by total`).toEqual(await typed(type));
    }
    await overviewAgrees();
    // Every state row's copies are its calculation's.
    const { rows: stale } = await sql<{ id: number }>`select c.id from calculations c
      join calculation_state s on s.calculation_id = c.id
      where s.template_type <> c.template_type or s.template_id <> c.template_id or s.mandant_id <> c.mandant_id
        or s.created_at <> c.created_at`.execute(ctx.db);
    expect(stale).toEqual([]);
  };

  beforeAll(async () => {
    editor = await ctx.login('editor@muster.example');
    provider = await ctx.login('admin@kontor.example');
    mandant = await ctx.mandantId('muster');
    const res = await ctx.request<CalculationRecord[]>('GET', list({ template_id: 'brochure' }), { token: editor });
    // A page carries list rows; the full record (with its inputs) comes from getOne.
    original = (await ctx.request<CalculationRecord>('GET', `/api/calculations/${res.body[0]!.id}`, { token: editor }))
      .body;
  });

  it('agree with the rows as calculations are created, changed and deleted', async () => {
    await expectAgreement();
    const created: CalculationRecord[] = [];
    for (const tags of [['zählung'], ['zählung', 'zweiter'], ['zweiter']]) {
      const res = await ctx.request<CalculationRecord>('POST', '/api/calculations', {
        token: editor,
        body: { duplicated_from: original.id, inputs: { ...original.inputs, tags } },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      created.push(res.body);
    }
    await expectAgreement();
    const finished = await ctx.request('PUT', `/api/calculations/${created[0]!.id}`, {
      token: editor,
      body: { status: 'final' },
    });
    expect(finished.status).toBe(200);
    await expectAgreement();
    const deleted = await ctx.request('DELETE', `/api/calculations/${created[1]!.id}`, { token: editor });
    expect(deleted.status).toBe(200);
    await expectAgreement();
  });

  it('agree with the rows after writes straight into the table', async () => {
    const { id: _id, ...columns } = await ctx.db
      .selectFrom('calculations')
      .selectAll()
      .where('id', '=', original.id)
      .executeTakeFirstOrThrow();
    const values = Object.fromEntries(
      Object.entries(columns).map(([k, v]) => [k, v !== null && typeof v === 'object' ? JSON.stringify(v) : v]),
    ) as typeof columns;
    await ctx.db
      .insertInto('calculations')
      .values([1, 2, 3].map((i) => ({ ...values, number: `COUNT-${i}`, status: 'final' })))
      .execute();
    await expectAgreement();
    await ctx.db.updateTable('calculations').set({ status: 'draft' }).where('number', '=', 'COUNT-1').execute();
    await ctx.db.updateTable('calculations').set({ title: 'Nur der Titel' }).where('number', '=', 'COUNT-2').execute();
    await expectAgreement();
    await ctx.db.deleteFrom('calculations').where('number', 'in', ['COUNT-1', 'COUNT-3']).execute();
    await expectAgreement();
  });

  it('agree with the rows after an import and its undo, whose rows the search finds (written per batch, 0058)', async () => {
    const csv =
      'Title,Quantity,Format,Pages,Paper,Grammage,Spoilage (%),Tags\r\n' +
      'Zählimport eins,1000,A4,8,paper_virgin,115,5,zählung\r\nZählimport zwei,2500,A5,16,paper_recycled,90,10,"zählung, zweiter"\r\n';
    const upload = await fetch(`${ctx.baseUrl}/api/imports?template=brochure&file_name=counts.csv`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${editor}`, 'Content-Type': 'text/csv' },
      body: csv,
    });
    const report = (await upload.json()) as { import?: { id: number }; rows_ok: number };
    expect(upload.status, JSON.stringify(report)).toBe(201);
    expect(report.rows_ok).toBe(2);
    await expectAgreement();
    const search = (q: string) =>
      ctx.request<CalculationRecord[]>(
        'GET',
        `/api/calculations?${new URLSearchParams({ filter: JSON.stringify({ q }), range: '[0,9]' }).toString()}`,
        { token: editor },
      );
    const found = await search('zählimport');
    expect(found.status).toBe(200);
    expect(found.body.map((c) => c.title).sort()).toEqual(['Zählimport eins', 'Zählimport zwei']);
    // A single-row edit after the import still moves the imported row's count and search entry (the triggers).
    const renamed = await ctx.request('PUT', `/api/calculations/${found.body[0]!.id}`, {
      token: editor,
      body: { status: 'final' },
    });
    expect(renamed.status).toBe(200);
    await expectAgreement();
    expect((await ctx.request('POST', `/api/imports/${report.import!.id}/undo`, { token: editor })).status).toBe(200);
    await expectAgreement();
    expect((await search('zählimport')).body).toEqual([]);
  });

  it('agree with the rows after a factor migration and its rollback, with every tag row at its total (0058)', async () => {
    const admin = await ctx.login('admin@muster.example');
    const databases = (
      await ctx.request<{ id: number; version_label: string; mandant_id: number | null }[]>('GET', '/api/databases', {
        token: admin,
      })
    ).body;
    const target = databases.find((d) => d.version_label === '2025' && d.mandant_id === null)!.id;
    // Each tag row's copy of its calculation's total, as a single-row write leaves it.
    const tagTotalsAgree = async () => {
      const tags = await ctx.db
        .selectFrom('calculation_tags')
        .innerJoin('calculation_state', 'calculation_state.calculation_id', 'calculation_tags.calculation_id')
        .select(['calculation_tags.total_co2e as copy', 'calculation_state.total_co2e as total'])
        .where('calculation_tags.mandant_id', '=', mandant)
        .execute();
      expect(tags.length).toBeGreaterThan(0);
      for (const { copy, total } of tags) expect(Number(copy)).toBeCloseTo(Number(total), 9);
    };
    const totalsNow = () =>
      ctx.db
        .selectFrom('calculation_state')
        .select(['calculation_id', 'total_co2e'])
        .where('mandant_id', '=', mandant)
        .orderBy('calculation_id')
        .execute();
    const before = await totalsNow();
    const migration = await ctx.request<{ id: number }>('POST', '/api/migrations', {
      token: admin,
      body: { to_database_id: target },
    });
    expect(migration.status, JSON.stringify(migration.body)).toBe(201);
    const applied = await ctx.request('POST', `/api/migrations/${migration.body.id}/apply`, { token: admin });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    // The migration moved totals, or the tag copies' check below proves nothing.
    expect(await totalsNow()).not.toEqual(before);
    await expectAgreement();
    await tagTotalsAgree();
    const rolledBack = await ctx.request('POST', `/api/migrations/${migration.body.id}/rollback`, { token: admin });
    expect(rolledBack.status, JSON.stringify(rolledBack.body)).toBe(200);
    expect(await totalsNow()).toEqual(before);
    await expectAgreement();
    await tagTotalsAgree();
  });

  it('follow a calculation moved to a template version of another type: an edit, a template migration and its rollback (0072)', async () => {
    const admin = await ctx.login('admin@muster.example');
    // An app-created copy of the shipped flyer (a product), version 1, and calculations of it.
    const copy = await ctx.request<TemplateVersionRecord>('POST', '/api/templates/flyer/versions/1/copy', {
      token: provider,
      body: { id: 'flyer-typ', status: 'published' },
    });
    expect(copy.status, JSON.stringify(copy.body)).toBe(201);
    const made: CalculationRecord[] = [];
    for (const title of ['Typ eins', 'Typ zwei', 'Typ drei']) {
      const res = await ctx.request<CalculationRecord>('POST', '/api/calculations', {
        token: editor,
        body: {
          template_id: 'flyer-typ',
          inputs: {
            title,
            quantity: 5000,
            format: 'A5',
            paper: 'paper_virgin',
            energy_kwh_per_1000: 2.5,
            electricity: 'electricity_de_grid',
            grammage: 135,
            spoilage_pct: 5,
            transport: [],
          },
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.template_type).toBe('product');
      made.push(res.body);
    }
    const edited = made[0]!;
    // Version 2 is the same form as a company footprint.
    const v2: Template = { ...structuredClone(copy.body.definition), type: 'company' };
    const saved = await ctx.request<TemplateVersionRecord>('POST', '/api/templates', {
      token: provider,
      body: { definition: v2, mode: 'version', status: 'published' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body.version).toBe(2);
    await expectAgreement();
    const companies = async () => (await typed('company', mandant)).filter((id) => made.some((c) => c.id === id));

    // An edit that names the new version: both rows take its type.
    const moved = await ctx.request<CalculationRecord>('PUT', `/api/calculations/${edited.id}`, {
      token: editor,
      body: { template_version: 2, version: edited.version },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.template_type).toBe('company');
    expect(await companies()).toEqual([edited.id]);
    await expectAgreement();

    // A template migration of the others, and its rollback.
    const migration = await ctx.request<FactorMigrationRecord>('POST', '/api/migrations', {
      token: admin,
      body: { kind: 'template', template_id: 'flyer-typ', to_template_version: 2 },
    });
    expect(migration.status, JSON.stringify(migration.body)).toBe(201);
    expect(migration.body.summary).toMatchObject({ count: 2, excluded: 0 });
    const applied = await ctx.request('POST', `/api/migrations/${migration.body.id}/apply`, { token: admin });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(await companies()).toEqual(made.map((c) => c.id));
    await expectAgreement();
    const rolledBack = await ctx.request('POST', `/api/migrations/${migration.body.id}/rollback`, { token: admin });
    expect(rolledBack.status, JSON.stringify(rolledBack.body)).toBe(200);
    expect(await companies()).toEqual([edited.id]);
    await expectAgreement();
  });
});
