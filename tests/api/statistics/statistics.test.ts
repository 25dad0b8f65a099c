/**
 * Statistics: figures against hand-computed totals on a small fixture (calculations and orders in
 * 2019, inserted directly with known totals, dates and tags), mandant scoping, CSV, and the 400/404
 * answers for bad ranges, unknown names and filters, and another mandant's id.
 */
import { insertCalculation, selectCalculations } from '../../../src/server/calculations/state';
import { sql } from 'kysely';
import Papa from 'papaparse';
import { beforeAll, expect, it } from 'vitest';
import type { CalculationRecord, ImportReport, StatisticsResult } from '../../../src/core/api';
import { describeEachDatabase, type TestContext } from '../harness';

interface FixtureCalculation {
  at: string;
  template: string;
  customer: string | null;
  tags: string[];
  kg: number;
}

const MUSTER: FixtureCalculation[] = [
  { at: '2019-01-15T10:00:00.000Z', template: 'brochure', customer: 'Alpha', tags: ['messe', 'eilig'], kg: 100.5 },
  { at: '2019-01-31T23:59:59.999Z', template: 'flyer', customer: 'Beta', tags: ['messe'], kg: 50.25 },
  { at: '2019-03-01T00:00:00.000Z', template: 'brochure', customer: null, tags: [], kg: 200 },
  { at: '2019-12-31T23:00:00.000Z', template: 'flyer', customer: '=HYPERLINK("x")', tags: ['eilig'], kg: 10 },
  // Outside 2019: must never count.
  { at: '2020-01-01T00:00:00.000Z', template: 'brochure', customer: 'Alpha', tags: ['messe'], kg: 999 },
  { at: '2018-12-31T23:59:59.999Z', template: 'brochure', customer: 'Alpha', tags: ['messe'], kg: 888 },
];
const PRINTCO: FixtureCalculation[] = [
  { at: '2019-02-10T12:00:00.000Z', template: 'flyer', customer: 'Gamma', tags: ['messe'], kg: 1000 },
];

async function insertCalculations(
  ctx: TestContext,
  mandantId: number,
  list: FixtureCalculation[],
  prefix: string,
): Promise<number[]> {
  const database = await ctx.db.selectFrom('factor_databases').select('id').orderBy('id').executeTakeFirstOrThrow();
  const ids: number[] = [];
  for (const [i, c] of list.entries()) {
    const row = {
      id: await insertCalculation(ctx.db, {
        mandant_id: mandantId,
        number: `${prefix}-${i}`,
        template_id: c.template,
        template_version: 1,
        template_type: 'product',
        database_id: database.id,
        title: `${prefix} ${i}`,
        customer: c.customer,
        tags: JSON.stringify(c.tags),
        status: 'final',
        inputs: '{}',
        results: '{}',
        total_co2e: c.kg,
        created_by: null,
        updated_by: null,
        created_at: c.at,
        updated_at: c.at,
        duplicated_from: null,
        import_id: null,
        frozen: false,
      }),
    };
    ids.push(row.id);
    for (const tag of c.tags) {
      await ctx.db
        .insertInto('calculation_tags')
        .values({ calculation_id: row.id, mandant_id: mandantId, tag, created_at: c.at, total_co2e: c.kg })
        .execute();
    }
  }
  return ids;
}

async function tableExists(ctx: TestContext, name: string): Promise<boolean> {
  return (await ctx.db.introspection.getTables()).some((t) => t.name === name);
}

/** Orders of muster in 2019: 100 kg placed (Gold Standard), 50 kg completed (VCS), a draft and a cancelled one. */
async function insertOrders(ctx: TestContext, mandantId: number): Promise<void> {
  const now = '2019-01-01T00:00:00.000Z';
  const projects: number[] = [];
  for (const [i, standard] of ['Gold Standard', 'VCS'].entries()) {
    const name = JSON.stringify({
      de: `Projekt ${i}`,
      en: `Project ${i}`,
      fr: `Projet ${i}`,
      it: `Progetto ${i}`,
      es: `Proyecto ${i}`,
    });
    const { rows } = await sql<{ id: number }>`insert into offset_projects
      (name, description, country, project_type, standard, registry_id, vintage, price_per_tonne_minor, currency, tonnes_available_kg, sdgs, active, created_at, updated_at)
      values (${name}, ${name}, 'DE', 'wind', ${standard}, '', 2019, 1500, 'EUR', 1000000, '[]', ${true}, ${now}, ${now}) returning id`.execute(
      ctx.db,
    );
    projects.push(Number(rows[0]!.id));
  }
  const orders: Array<[project: number, status: string, kg: number, minor: number, at: string]> = [
    [projects[0]!, 'placed', 100, 150, '2019-01-20T08:00:00.000Z'],
    [projects[1]!, 'completed', 50, 75, '2019-03-05T08:00:00.000Z'],
    [projects[0]!, 'draft', 999, 1499, '2019-03-06T08:00:00.000Z'],
    [projects[1]!, 'cancelled', 777, 1166, '2019-04-01T08:00:00.000Z'],
    [projects[1]!, 'completed', 5000, 7500, '2020-02-01T08:00:00.000Z'],
  ];
  for (const [i, [project, status, kg, minor, at]] of orders.entries()) {
    await sql`insert into orders (mandant_id, number, project_id, calculation_ids, co2e_kg, tonnes_kg, price_per_tonne_minor, total_minor, currency, status, issued_to, created_at, updated_at)
      values (${mandantId}, ${`STAT-${i}`}, ${project}, '[]', ${kg}, ${kg}, 1500, ${minor}, 'EUR', ${status}, 'Muster', ${at}, ${at})`.execute(
      ctx.db,
    );
  }
}

/** The tag figures as the join over calculations gives them: what the copies on the tag rows must add up to. */
async function tagFiguresByJoin(ctx: TestContext, mandantId: number, fromInstant: string, toInstant: string) {
  const { rows } = await sql<{ tag: string; n: unknown; kg: unknown }>`
    select t.tag as tag, count(*) as n, sum(c.total_co2e) as kg
    from calculation_tags t join calculation_state c on c.calculation_id = t.calculation_id and c.mandant_id = t.mandant_id
    where c.mandant_id = ${mandantId} and c.created_at >= ${fromInstant} and c.created_at < ${toInstant}
    group by t.tag`.execute(ctx.db);
  return rows.map((r) => ({ tag: r.tag, calculations: Number(r.n), co2e_kg: Math.round(Number(r.kg) * 1000) / 1000 }));
}

const byTagName = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  String(a.tag).localeCompare(String(b.tag));
const roundedKg = (value: number) => Math.round(value * 1000) / 1000;
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

const YEAR_2019 = 'from=2019-01-01&to=2019-12-31';
const parseCsv = (text: string, delimiter: string) =>
  Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true, delimiter }).data;

describeEachDatabase('statistics', (ctx) => {
  let ordersPresent = false;
  let musterId = 0;
  let printcoId = 0;

  beforeAll(async () => {
    musterId = await ctx.mandantId('muster');
    printcoId = await ctx.mandantId('printco');
    await insertCalculations(ctx, musterId, MUSTER, 'STAT-M');
    await insertCalculations(ctx, printcoId, PRINTCO, 'STAT-P');
    ordersPresent = (await tableExists(ctx, 'orders')) && (await tableExists(ctx, 'offset_projects'));
    if (ordersPresent) await insertOrders(ctx, musterId);
  });

  const get = async (token: string, name: string, query = YEAR_2019) => {
    const res = await ctx.request<StatisticsResult>('GET', `/api/statistics/${name}?${query}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  it('lists the statistics', async () => {
    const token = await ctx.login('viewer@muster.example');
    const res = await ctx.request<string[]>('GET', '/api/statistics', { token });
    expect(res.status).toBe(200);
    expect(res.body).toContain('co2e_by_month');
    expect((await ctx.request('GET', '/api/statistics')).status).toBe(401);
  });

  it('sums kg CO2e per month over the range, every month present, the range bounds inclusive', async () => {
    const token = await ctx.login('viewer@muster.example');
    const result = await get(token, 'co2e_by_month');
    expect(result.mandant_id).toBe(musterId);
    expect(result.columns.map((c) => [c.key, c.unit])).toEqual([
      ['month', null],
      ['calculations', 'count'],
      ['co2e_kg', 'kg_co2e'],
    ]);
    expect(result.rows).toHaveLength(12);
    expect(result.rows[0]).toEqual({ month: '2019-01', calculations: 2, co2e_kg: 150.75 });
    expect(result.rows[1]).toEqual({ month: '2019-02', calculations: 0, co2e_kg: 0 });
    expect(result.rows[2]).toEqual({ month: '2019-03', calculations: 1, co2e_kg: 200 });
    expect(result.rows[11]).toEqual({ month: '2019-12', calculations: 1, co2e_kg: 10 });
    const january = await get(token, 'co2e_by_month', 'from=2019-01-31&to=2019-01-31');
    expect(january.rows).toEqual([{ month: '2019-01', calculations: 1, co2e_kg: 50.25 }]);
  });

  it('groups by template, customer and tag, and ranks the top calculations', async () => {
    const token = await ctx.login('editor@muster.example');
    const byTemplate = await get(token, 'co2e_by_template');
    expect(byTemplate.rows.map((r) => [r.template_id, r.calculations, r.co2e_kg])).toEqual([
      ['brochure', 2, 300.5],
      ['flyer', 2, 60.25],
    ]);
    expect(byTemplate.rows[0]!.template).toBe('Broschüre');
    expect((await get(token, 'co2e_by_template', `${YEAR_2019}&lang=en`)).rows[0]!.template).toBe('Brochure');
    const byCustomer = await get(token, 'co2e_by_customer');
    expect(byCustomer.rows).toEqual([
      { customer: null, calculations: 1, co2e_kg: 200 },
      { customer: 'Alpha', calculations: 1, co2e_kg: 100.5 },
      { customer: 'Beta', calculations: 1, co2e_kg: 50.25 },
      { customer: '=HYPERLINK("x")', calculations: 1, co2e_kg: 10 },
    ]);
    const byTag = await get(token, 'co2e_by_tag');
    expect(byTag.rows).toEqual([
      { tag: 'messe', calculations: 2, co2e_kg: 150.75 },
      { tag: 'eilig', calculations: 2, co2e_kg: 110.5 },
    ]);
    const top = await get(token, 'top_calculations');
    expect(top.rows.map((r) => r.co2e_kg)).toEqual([200, 100.5, 50.25, 10]);
    expect(top.rows[0]).toMatchObject({ number: 'STAT-M-2', created_at: '2019-03-01', template: 'Broschüre' });
  });

  it('answers offsets and orders from the orders table (placed, confirmed and completed count as offset)', async () => {
    const token = await ctx.login('viewer@muster.example');
    const overview = await get(token, 'overview');
    if (!ordersPresent) {
      expect(overview.rows).toEqual([
        { calculations: 4, co2e_kg: 360.75, offset_kg: 0, offset_share: 0, open_orders: 0 },
      ]);
      expect((await get(token, 'offsets_by_project')).rows).toEqual([]);
      return;
    }
    expect(overview.rows).toEqual([
      { calculations: 4, co2e_kg: 360.75, offset_kg: 150, offset_share: 41.58, open_orders: 2 },
    ]);
    // A company footprint is not one more product: "calculated" leaves it out (issue #35). A writer changes the type
    // in both rows (the overview reads the state row's copy, migration 0072).
    const company = sql`(select calculation_id from calculation_state where total_co2e = 10)`;
    const setType = async (type: string) => {
      await sql`update calculation_state set template_type = ${type} where calculation_id in ${company}`.execute(
        ctx.db,
      );
      await sql`update calculations set template_type = ${type} where id in ${company}`.execute(ctx.db);
    };
    await setType('company');
    try {
      expect((await get(token, 'overview')).rows[0]).toMatchObject({ calculations: 3, co2e_kg: 350.75 });
    } finally {
      await setType('product');
    }
    // Orders buy whole tonnes: the share offset counts the kg an order was placed for, not the tonnes (issue #35).
    await sql`update orders set tonnes_kg = 1000 where number = 'STAT-0'`.execute(ctx.db);
    try {
      expect((await get(token, 'overview')).rows[0]).toMatchObject({ offset_kg: 150, offset_share: 41.58 });
    } finally {
      await sql`update orders set tonnes_kg = 100 where number = 'STAT-0'`.execute(ctx.db);
    }
    const perMonth = await get(token, 'offset_by_month');
    expect(perMonth.rows).toHaveLength(12);
    expect(perMonth.rows[0]).toEqual({ month: '2019-01', orders: 1, offset_kg: 100 });
    expect(perMonth.rows[2]).toEqual({ month: '2019-03', orders: 1, offset_kg: 50 });
    const orders = await get(token, 'orders');
    expect(orders.rows).toEqual([
      { status: 'cancelled', currency: 'EUR', orders: 1, offset_kg: 777, value_minor: 1166 },
      { status: 'completed', currency: 'EUR', orders: 1, offset_kg: 50, value_minor: 75 },
      { status: 'draft', currency: 'EUR', orders: 1, offset_kg: 999, value_minor: 1499 },
      { status: 'placed', currency: 'EUR', orders: 1, offset_kg: 100, value_minor: 150 },
    ]);
    const byProject = await get(token, 'offsets_by_project');
    expect(byProject.rows.map((r) => [r.project, r.standard, r.orders, r.offset_kg])).toEqual([
      ['Projekt 0', 'Gold Standard', 1, 100],
      ['Projekt 1', 'VCS', 1, 50],
    ]);
    const byStandard = await get(token, 'offsets_by_standard');
    expect(byStandard.rows).toEqual([
      { standard: 'Gold Standard', orders: 1, offset_kg: 100 },
      { standard: 'VCS', orders: 1, offset_kg: 50 },
    ]);
  });

  it('scopes to the mandant: own figures only, another mandant is 404; provider admins see one or all', async () => {
    const printco = await ctx.login('viewer@printco.example');
    const own = await get(printco, 'overview');
    expect(own.rows[0]).toMatchObject({ calculations: 1, co2e_kg: 1000 });
    const foreign = await ctx.request('GET', `/api/statistics/overview?${YEAR_2019}&mandant_id=${musterId}`, {
      token: printco,
    });
    expect(foreign.status).toBe(404);
    expect((foreign.body as { message: string }).message).toMatch(/mandant/i);
    expect(
      (await ctx.request('GET', `/api/statistics/overview?${YEAR_2019}&mandant_id=${printcoId}`, { token: printco }))
        .status,
    ).toBe(200);

    const admin = await ctx.login('admin@kontor.example');
    const all = await get(admin, 'overview');
    expect(all.mandant_id).toBeNull();
    expect(all.rows[0]).toMatchObject({ calculations: 5, co2e_kg: 1360.75 });
    const one = await get(admin, 'co2e_by_tag', `${YEAR_2019}&mandant_id=${printcoId}`);
    expect(one.rows).toEqual([{ tag: 'messe', calculations: 1, co2e_kg: 1000 }]);
    expect((await ctx.request('GET', `/api/statistics/overview?mandant_id=999999`, { token: admin })).status).toBe(404);
  });

  it('answers an empty range with no rows', async () => {
    const token = await ctx.login('viewer@muster.example');
    expect((await get(token, 'co2e_by_month', 'from=2001-01-01&to=2001-12-31')).rows).toEqual([]);
    expect((await get(token, 'overview', 'from=2001-01-01&to=2001-12-31')).rows).toEqual([
      { calculations: 0, co2e_kg: 0, offset_kg: 0, offset_share: null, open_orders: 0 },
    ]);
  });

  it('rejects bad ranges, unknown statistics and unknown filters with 400 and a message', async () => {
    const token = await ctx.login('viewer@muster.example');
    const cases: Array<[string, string]> = [
      ['/api/statistics/co2e_by_month?from=2019-12-31&to=2019-01-01', 'from'],
      ['/api/statistics/co2e_by_month?from=2019-02-30&to=2019-03-01', 'from'],
      ['/api/statistics/co2e_by_month?from=yesterday', 'from'],
      ['/api/statistics/co2e_by_month?to=2019-13-01', 'to'],
      ['/api/statistics/co2e_by_month?from=1990-01-01&to=2019-01-01', 'to'],
      ['/api/statistics/nonsense', 'name'],
      ['/api/statistics/co2e_by_month?status=final', 'status'],
      ['/api/statistics/co2e_by_month?mandant_id=abc', 'mandant_id'],
      ['/api/statistics/co2e_by_month?format=xlsx', 'format'],
      ['/api/statistics/co2e_by_month?lang=xx', 'lang'],
    ];
    for (const [url, field] of cases) {
      const res = await ctx.request<{ message: string; errors?: Record<string, string> }>('GET', url, { token });
      expect(res.status, url).toBe(400);
      expect(res.body.message, url).toBeTruthy();
      expect(Object.keys(res.body.errors ?? {}), url).toContain(field);
    }
  });

  it("exports CSV in the user's language and CSV convention, figures as bare numbers, formula cells escaped", async () => {
    const token = await ctx.login('viewer@muster.example');
    const res = await ctx.request<string>('GET', `/api/statistics/co2e_by_customer?${YEAR_2019}&format=csv`, { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    expect(res.headers.get('content-disposition')).toContain('statistics-co2e_by_customer-2019-01-01-2019-12-31.csv');
    expect(res.body.replace(/^\uFEFF/, '').startsWith('Kunde;Kalkulationen;kg CO₂e\r\n')).toBe(true);
    const rows = parseCsv(res.body, ';');
    expect(rows[0]).toEqual(['Kunde', 'Kalkulationen', 'kg CO₂e']);
    expect(rows[1]).toEqual(['Ohne Kunde', '1', '200']);
    // Below 100 kg the page shows three significant digits (core's figure rule): so does the CSV, with a decimal comma.
    expect(rows[3]).toEqual(['Beta', '1', '50,3']);
    expect(rows[4]).toEqual([`'=HYPERLINK("x")`, '1', '10']);

    await ctx.request('PUT', '/api/auth/me', { token, body: { language: 'en' } });
    try {
      const english = await ctx.request<string>(
        'GET',
        `/api/statistics/co2e_by_month?${YEAR_2019}&format=csv&lang=en`,
        { token },
      );
      const englishRows = parseCsv(english.body, ',');
      expect(englishRows[0]).toEqual(['Month', 'Calculations', 'kg CO₂e']);
      expect(englishRows[1]).toEqual(['2019-01', '2', '151']);
      const customers = parseCsv(
        (
          await ctx.request<string>('GET', `/api/statistics/co2e_by_customer?${YEAR_2019}&format=csv&lang=en`, {
            token,
          })
        ).body,
        ',',
      );
      expect(customers[3]).toEqual(['Beta', '1', '50.3']);
    } finally {
      await ctx.request('PUT', '/api/auth/me', { token, body: { language: 'de' } });
    }
  });

  it("writes money in currency units and statuses in the reader's words, shares as shown", async () => {
    const token = await ctx.login('viewer@muster.example');
    const csv = async (name: string, lang: string) => {
      const res = await ctx.request<string>('GET', `/api/statistics/${name}?${YEAR_2019}&format=csv&lang=${lang}`, {
        token,
      });
      expect(res.status).toBe(200);
      return parseCsv(res.body, lang === 'en' ? ',' : ';');
    };
    if (ordersPresent) {
      expect(await csv('orders', 'de')).toEqual([
        ['Status', 'Währung', 'Bestellungen', 'Kalkulationen mit Klimabeitrag (kg CO₂e)', 'Wert'],
        ['Storniert', 'EUR', '1', '777', '11,66'],
        ['Abgeschlossen', 'EUR', '1', '50', '0,75'],
        ['Entwurf', 'EUR', '1', '999', '14,99'],
        ['Aufgegeben', 'EUR', '1', '100', '1,5'],
      ]);
      expect(await csv('orders', 'en')).toEqual([
        ['Status', 'Currency', 'Orders', 'Calculations with a climate contribution (kg CO₂e)', 'Value'],
        ['Cancelled', 'EUR', '1', '777', '11.66'],
        ['Completed', 'EUR', '1', '50', '0.75'],
        ['Draft', 'EUR', '1', '999', '14.99'],
        ['Placed', 'EUR', '1', '100', '1.5'],
      ]);
      expect((await csv('overview', 'de'))[1]).toEqual(['4', '361', '150', '41,6', '2']);
    }
    // Every figure cell of every statistic is a bare number in the reader's convention.
    for (const name of [
      'overview',
      'co2e_by_month',
      'co2e_by_template',
      'co2e_by_tag',
      'top_calculations',
      'offset_by_month',
      'offsets_by_project',
    ]) {
      for (const lang of ['de', 'en']) {
        const result = await get(token, name, `${YEAR_2019}&lang=${lang}`);
        const rows = await csv(name, lang);
        const number = lang === 'en' ? /^-?\d+(\.\d+)?$/ : /^-?\d+(,\d+)?$/;
        result.columns.forEach((column, index) => {
          if (column.unit === null) return;
          for (const row of rows.slice(1))
            if (row[index] !== '') expect(row[index], `${name} ${lang} ${column.key}`).toMatch(number);
        });
      }
    }
  });

  it('keeps the tag statistic exact through every writer: create, duplicate, edit, retag, direct updates, delete, import and undo', async () => {
    const token = await ctx.login('editor@muster.example');
    // Around today (REST and imports stamp now), one day either side so midnight cannot split a step.
    const from = isoDay(-1);
    const to = isoDay(1);
    const range = `from=${from}&to=${to}`;
    const figures = async () => (await get(token, 'co2e_by_tag', range)).rows;
    const tagRow = async (tag: string) => (await figures()).find((r) => r.tag === tag);
    /** The API's rows equal the join's, tag by tag (demo calculations of today included), and every copy is its calculation's value. */
    const expectInSync = async () => {
      const expected = await tagFiguresByJoin(ctx, musterId, `${from}T00:00:00.000Z`, `${isoDay(2)}T00:00:00.000Z`);
      expect([...(await figures())].sort(byTagName)).toEqual(expected.sort(byTagName));
      const { rows } = await sql<{
        n: unknown;
      }>`select count(*) as n from calculation_tags t join calculation_state c on c.calculation_id = t.calculation_id
        where t.created_at is distinct from c.created_at or t.total_co2e is distinct from c.total_co2e`.execute(ctx.db);
      expect(Number(rows[0]!.n)).toBe(0);
    };
    const brochure = {
      title: 'Sync',
      quantity: 1000,
      format: 'A4',
      pages: 8,
      paper: 'paper_virgin',
      grammage: 115,
      spoilage_pct: 5,
      has_cover: false,
      energy_kwh_per_1000: 2.5,
      electricity: 'electricity_de_grid',
      tags: ['sync-a', 'sync-both'],
    };

    const created = await ctx.request<CalculationRecord>('POST', '/api/calculations', {
      token,
      body: { template_id: 'brochure', template_version: 1, inputs: brochure },
    });
    expect(created.status).toBe(201);
    let a = created.body;
    expect(await tagRow('sync-a')).toEqual({ tag: 'sync-a', calculations: 1, co2e_kg: roundedKg(a.total_co2e) });
    await expectInSync();

    const copy = await ctx.request<CalculationRecord>('POST', '/api/calculations', {
      token,
      body: { duplicated_from: a.id },
    });
    expect(copy.status).toBe(201);
    const b = copy.body;
    expect(await tagRow('sync-both')).toEqual({
      tag: 'sync-both',
      calculations: 2,
      co2e_kg: roundedKg(a.total_co2e + b.total_co2e),
    });

    // A new total (more copies) moves the figure; the tags stay.
    const edited = await ctx.request<CalculationRecord>('PUT', `/api/calculations/${a.id}`, {
      token,
      body: { inputs: { ...brochure, quantity: 7000 }, version: a.version },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.total_co2e).not.toBe(a.total_co2e);
    a = edited.body;
    expect(await tagRow('sync-a')).toEqual({
      tag: 'sync-a',
      calculations: 2,
      co2e_kg: roundedKg(a.total_co2e + b.total_co2e),
    });
    await expectInSync();

    // New tags: the calculation leaves sync-a and counts under sync-b with its current total.
    const retagged = await ctx.request<CalculationRecord>('PUT', `/api/calculations/${a.id}`, {
      token,
      body: { tags: ['sync-b'] },
    });
    expect(retagged.status).toBe(200);
    expect(await tagRow('sync-a')).toEqual({ tag: 'sync-a', calculations: 1, co2e_kg: roundedKg(b.total_co2e) });
    expect(await tagRow('sync-b')).toEqual({ tag: 'sync-b', calculations: 1, co2e_kg: roundedKg(a.total_co2e) });
    await expectInSync();

    // Writers outside the REST resource (factor migrations update totals in bulk SQL) are followed too.
    await ctx.db
      .updateTable('calculation_state')
      .set({ total_co2e: 1234.5 })
      .where('calculation_id', '=', a.id)
      .execute();
    expect(await tagRow('sync-b')).toEqual({ tag: 'sync-b', calculations: 1, co2e_kg: 1234.5 });
    // created_at: a writer changes both rows (the state row holds the copy the statistics and tag rows follow).
    for (const [table, key] of [
      ['calculations', 'id'],
      ['calculation_state', 'calculation_id'],
    ] as const)
      await ctx.db.updateTable(table).set({ created_at: '2002-06-01T12:00:00.000Z' }).where(key, '=', a.id).execute();
    expect(await tagRow('sync-b')).toBeUndefined();
    expect((await get(token, 'co2e_by_tag', 'from=2002-01-01&to=2002-12-31')).rows).toEqual([
      { tag: 'sync-b', calculations: 1, co2e_kg: 1234.5 },
    ]);
    await expectInSync();

    expect((await ctx.request('DELETE', `/api/calculations/${b.id}`, { token })).status).toBe(200);
    expect(await tagRow('sync-a')).toBeUndefined();
    expect(await tagRow('sync-both')).toBeUndefined();
    await expectInSync();

    // The importer's multi-row inserts, and its undo.
    const csv =
      'Title,Quantity,Format,Pages,Paper,Grammage,Spoilage (%),Tags\r\nSync one,1000,A4,8,paper_virgin,115,5,sync-import\r\nSync two,2500,A5,16,paper_recycled,90,10,"sync-import, sync-b"\r\n';
    const upload = await fetch(`${ctx.baseUrl}/api/imports?template=brochure&file_name=sync.csv`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'text/csv' },
      body: csv,
    });
    const report = (await upload.json()) as ImportReport;
    expect(upload.status, JSON.stringify(report)).toBe(201);
    const imported = await selectCalculations(ctx.db)
      .where('calculations.import_id', '=', report.import!.id)
      .orderBy('calculations.id')
      .execute();
    expect(imported).toHaveLength(2);
    expect(await tagRow('sync-import')).toEqual({
      tag: 'sync-import',
      calculations: 2,
      co2e_kg: roundedKg(Number(imported[0]!.total_co2e) + Number(imported[1]!.total_co2e)),
    });
    expect(await tagRow('sync-b')).toEqual({
      tag: 'sync-b',
      calculations: 1,
      co2e_kg: roundedKg(Number(imported[1]!.total_co2e)),
    });
    await expectInSync();
    expect((await ctx.request('POST', `/api/imports/${report.import!.id}/undo`, { token })).status).toBe(200);
    expect(await tagRow('sync-import')).toBeUndefined();
    expect(await tagRow('sync-b')).toBeUndefined();
    await expectInSync();
  });
});
