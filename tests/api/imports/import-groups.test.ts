/**
 * CSV import of repeatable groups on SQLite and PostgreSQL: numbered column sets ("Transport 1: …",
 * "Transport 2: …") become the items of the brochure's transport group, in both modes and the dry
 * run; an empty set adds no item, a gap keeps the order, a partly filled set is an error of its
 * spreadsheet row naming the empty column.
 */
import { expect, it } from 'vitest';
import type { CalculationRecord, ImportReport } from '../../../src/core/api';
import { describeEachDatabase, type TestContext } from '../harness';

const HEADER =
  'Titel;Auflage;Format;Seiten;Papier;Grammatur;Makulatur;Umschlag;Transport 1: Verkehrsmittel;Transport 1: Entfernung;Transport 2: Verkehrsmittel;Transport 2: Entfernung (km)';
/** 1,000 A4 brochures of 16 pages on 100 g/m², no spoilage, no cover: 1000 · 16/2 · 0.06237 m² · 0.1 kg/m² = 49.896 kg delivered. */
const ROW = (title: string, legs: string) => `${title};1.000;A4;16;paper_virgin;100;0;nein;${legs}`;
const PRODUCT_KG = 49.896;
/** Version 3 carries the packaging too: cartons by default, 6 % of the product mass (issue 33). */
const SHIPPED_KG = PRODUCT_KG * 1.06;

async function upload(
  ctx: TestContext,
  token: string,
  csv: string,
  options: { mode?: string; dry_run?: boolean } = {},
) {
  const params = new URLSearchParams({ template: 'brochure', file_name: 'legs.csv' });
  if (options.mode) params.set('mode', options.mode);
  if (options.dry_run) params.set('dry_run', 'true');
  const response = await fetch(`${ctx.baseUrl}/api/imports?${params}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'text/csv' },
    body: csv,
  });
  return { status: response.status, body: (await response.json()) as ImportReport & { message?: string } };
}

async function calculationsOf(ctx: TestContext, token: string, importId: number): Promise<CalculationRecord[]> {
  const rows = await ctx.db
    .selectFrom('calculations')
    .select('id')
    .where('import_id', '=', importId)
    .orderBy('id')
    .execute();
  const records: CalculationRecord[] = [];
  for (const row of rows)
    records.push((await ctx.request<CalculationRecord>('GET', `/api/calculations/${row.id}`, { token })).body);
  return records;
}

async function factorValues(ctx: TestContext, databaseId: number): Promise<Record<string, number>> {
  const rows = await ctx.db
    .selectFrom('factors')
    .select(['key', 'value'])
    .where('database_id', '=', databaseId)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.key, Number(row.value)]));
}

describeEachDatabase('imports of repeatable groups', (ctx) => {
  let editor = '';
  const signIn = async () => (editor ||= await ctx.login('editor@muster.example'));

  it('two numbered transport sets per row land as two items with the hand-computed total', async () => {
    const token = await signIn();
    const csv = [
      HEADER,
      ROW('Zwei Etappen', 'road_freight_truck;120;rail_freight;300'),
      ROW('Eine Etappe', 'road_freight_truck;50;;'),
      '',
    ].join('\r\n');
    const { status, body } = await upload(ctx, token, csv);
    expect(status, body.message).toBe(201);
    expect(body).toMatchObject({ rows_total: 2, rows_ok: 2, rows_failed: 0 });
    expect(body.mapping).toMatchObject({
      'Transport 1: Verkehrsmittel': 'transport.mode',
      'Transport 1: Entfernung': 'transport.distance_km',
      'Transport 2: Verkehrsmittel': 'transport[2].mode',
      'Transport 2: Entfernung (km)': 'transport[2].distance_km',
    });
    const [two, one] = await calculationsOf(ctx, token, body.import!.id);
    expect(two!.inputs.transport).toEqual([
      { mode: 'road_freight_truck', distance_km: 120 },
      { mode: 'rail_freight', distance_km: 300 },
    ]);
    // The empty second set adds no item.
    expect(one!.inputs.transport).toEqual([{ mode: 'road_freight_truck', distance_km: 50 }]);

    // Both rows are the same job but for their legs, so every stage except transport is equal and the totals
    // differ by exactly the transport legs; the mass carried is the product without spoilage (49.896 kg here) and its cartons.
    const f = await factorValues(ctx, two!.database_id);
    const legsOfTwo = (SHIPPED_KG / 1000) * (120 * f.road_freight_truck! + 300 * f.rail_freight!);
    const legOfOne = (SHIPPED_KG / 1000) * 50 * f.road_freight_truck!;
    expect(legsOfTwo).toBeGreaterThan(0);
    expect(two!.results.values.transport_co2e).toBeCloseTo(legsOfTwo, 6);
    expect(one!.results.values.transport_co2e).toBeCloseTo(legOfOne, 6);
    expect(two!.total_co2e - one!.total_co2e).toBeCloseTo(legsOfTwo - legOfOne, 6);
  });

  it('a gap keeps the order of the filled sets; a partly filled set fails its spreadsheet row naming the empty column', async () => {
    const token = await signIn();
    const csv = [
      HEADER,
      ROW('Lücke', ';;rail_freight;300'),
      ROW('Halb', 'road_freight_truck;120;rail_freight;'),
      ROW('Halb vorn', ';80;;'),
      '',
    ].join('\r\n');
    const dry = await upload(ctx, token, csv, { dry_run: true });
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ import: null, rows_total: 3, rows_ok: 1, rows_failed: 2 });
    expect(dry.body.errors.map((e) => [e.row, e.column, e.message_key])).toEqual([
      [3, 'Transport 2: Entfernung (km)', 'partialSet'],
      [4, 'Transport 1: Verkehrsmittel', 'partialSet'],
    ]);
    expect(dry.body.errors[0]!.message).toBe(
      'Spalte „Transport 2: Entfernung (km)“ ist leer, obwohl derselbe Satz in Transport 2: Verkehrsmittel ausgefüllt ist: Ein Satz wird ganz oder gar nicht ausgefüllt.',
    );

    const allOrNothing = await upload(ctx, token, csv, { mode: 'all_or_nothing' });
    expect(allOrNothing.body).toMatchObject({ rows_ok: 0, rows_failed: 2 });
    expect(allOrNothing.body.import).toMatchObject({ status: 'failed' });

    const valid = await upload(ctx, token, csv, { mode: 'valid_rows' });
    expect(valid.status).toBe(201);
    expect(valid.body).toMatchObject({ rows_ok: 1, rows_failed: 2 });
    const [gap] = await calculationsOf(ctx, token, valid.body.import!.id);
    expect(gap!.inputs.transport).toEqual([{ mode: 'rail_freight', distance_km: 300 }]);
  });

  it('a rule broken in set 2 after an empty set 1 names the column of set 2', async () => {
    const token = await signIn();
    const { body } = await upload(ctx, token, [HEADER, ROW('Zu weit', ';;rail_freight;99999'), ''].join('\r\n'), {
      dry_run: true,
    });
    expect(body).toMatchObject({ rows_ok: 0, rows_failed: 1 });
    expect(body.errors).toMatchObject([
      { row: 2, column: 'Transport 2: Entfernung (km)', value: '99999', message_key: 'rule' },
    ]);
  });
});
