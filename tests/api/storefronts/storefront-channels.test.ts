/**
 * Orders from the shop in the back office (issue 39): calculations and orders carry their channel, the lists filter by
 * it through the one list engine (`channel: "back-office"` for those without one, `storefront:<id>` for a shop's, or
 * several), and the statistic `by_channel` splits the figures into the back office and each storefront, named in the
 * reader's language, for the reader's mandant only.
 */
import { beforeAll, expect, it } from 'vitest';
import type {
  CalculationRecord,
  CreatedStorefrontSecretKey,
  OrderRecord,
  StorefrontOrder,
  StorefrontRecord,
  StatisticsResult,
} from '../../../src/core/api';
import { describeEachDatabase } from '../harness';

const ADMIN = 'admin@muster.example';
const EDITOR = 'editor@muster.example';
const VIEWER = 'viewer@muster.example';
const OTHER_ADMIN = 'admin@printco.example';
const PROVIDER = 'admin@kontor.example';

const FLYER_OFFER = {
  template_id: 'flyer',
  customer_fields: ['quantity', 'format', 'paper', 'grammage'],
  fixed: { transport: [{ mode: 'road_freight_truck', distance_km: 80 }] },
};
const INPUTS = { quantity: 5000, format: 'A5', paper: 'paper_virgin', grammage: 135 };

describeEachDatabase('storefront channels', (ctx) => {
  const tokens: Record<string, string> = {};
  const as = <T>(email: string, method: string, url: string, body?: unknown) =>
    ctx.request<T>(method, url, { token: tokens[email]!, body });
  const list = <T>(email: string, resource: string, filter: Record<string, unknown>) =>
    as<T[]>(email, 'GET', `/api/${resource}?range=[0,999]&filter=${encodeURIComponent(JSON.stringify(filter))}`);
  const byChannel = (email: string, query = '') =>
    as<StatisticsResult>(email, 'GET', `/api/statistics/by_channel${query}`);
  let storefront: StorefrontRecord;
  let channel: string;
  const ordered: StorefrontOrder[] = [];

  beforeAll(async () => {
    for (const email of [ADMIN, EDITOR, VIEWER, OTHER_ADMIN, PROVIDER]) tokens[email] = await ctx.login(email);
    const projects = await as<Array<{ id: number }>>(ADMIN, 'GET', '/api/carbon-offset-projects');
    const created = await as<StorefrontRecord>(ADMIN, 'POST', '/api/storefronts', {
      name: 'Muster Kanalshop',
      offers: [FLYER_OFFER],
      origins: ['https://shop.muster.example'],
      contribution_project_id: projects.body[0]!.id,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    storefront = created.body;
    channel = `storefront:${storefront.id}`;
    const secret = await as<CreatedStorefrontSecretKey>(
      ADMIN,
      'POST',
      `/api/storefronts/${storefront.id}/secret-keys`,
      { name: 'Shop-Server' },
    );
    expect(secret.status).toBe(201);
    for (const [reference, contribution] of [
      ['KS-1', true],
      ['KS-2', false],
    ] as const) {
      const answer = await ctx.request<StorefrontOrder>('POST', '/api/storefront/v1/orders', {
        token: secret.body.key,
        body: { template: 'flyer', inputs: INPUTS, reference, contribution },
        headers: { 'idempotency-key': `channel-test-${reference}` },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      ordered.push(answer.body);
    }
  });

  it('offers every reader of the mandant its storefronts by id and name, and nothing of another mandant', async () => {
    const theirs = await as<StorefrontRecord>(OTHER_ADMIN, 'POST', '/api/storefronts', { name: 'Printco Kanalshop' });
    expect(theirs.status).toBe(201);
    for (const email of [ADMIN, EDITOR, VIEWER]) {
      const choices = await as<Array<Record<string, unknown>>>(email, 'GET', '/api/storefront-channels');
      expect(choices.status, email).toBe(200);
      expect(choices.body, email).toContainEqual({ id: storefront.id, name: 'Muster Kanalshop' });
      expect(
        choices.body.every((choice) => Object.keys(choice).sort().join() === 'id,name'),
        email,
      ).toBe(true);
      expect(
        choices.body.map((choice) => choice.id),
        email,
      ).not.toContain(theirs.body.id);
    }
    const other = await as<Array<{ id: number }>>(OTHER_ADMIN, 'GET', '/api/storefront-channels');
    expect(other.body.map((choice) => choice.id)).toContain(theirs.body.id);
    expect(other.body.map((choice) => choice.id)).not.toContain(storefront.id);
    // A provider admin's lists show every mandant's records, so the choices name every mandant's storefronts.
    const provider = await as<Array<{ id: number }>>(PROVIDER, 'GET', '/api/storefront-channels');
    expect(provider.body.map((choice) => choice.id)).toEqual(expect.arrayContaining([storefront.id, theirs.body.id]));
    // The storefronts resource itself stays the admins'.
    expect((await as(EDITOR, 'GET', '/api/storefronts')).status).toBe(403);
    expect((await as(VIEWER, 'GET', '/api/storefronts')).status).toBe(403);
    expect((await ctx.request('GET', '/api/storefront-channels')).status).toBe(401);
  });

  it('filters the calculations by channel: the back office, one storefront, or both', async () => {
    const shop = await list<CalculationRecord>(EDITOR, 'calculations', { channel });
    expect(shop.status).toBe(200);
    expect(shop.body.map((c) => c.number).sort()).toEqual(ordered.map((o) => o.calculation).sort());
    expect(shop.body.map((c) => c.channel_reference).sort()).toEqual(['KS-1', 'KS-2']);

    const backOffice = await list<CalculationRecord>(EDITOR, 'calculations', { channel: 'back-office' });
    expect(backOffice.status).toBe(200);
    expect(backOffice.body.length).toBeGreaterThan(0);
    expect(backOffice.body.every((c) => c.channel === null)).toBe(true);

    const all = await list<CalculationRecord>(EDITOR, 'calculations', {});
    const both = await list<CalculationRecord>(EDITOR, 'calculations', { channel: ['back-office', channel] });
    expect(both.body).toHaveLength(all.body.length);
    expect(both.body).toHaveLength(backOffice.body.length + shop.body.length);
    const onlyShop = await list<CalculationRecord>(EDITOR, 'calculations', { channel: [channel] });
    expect(onlyShop.body).toHaveLength(2);
    // With the other filters and the search, as any column.
    const searched = await list<CalculationRecord>(EDITOR, 'calculations', { channel, q: ordered[0]!.calculation });
    expect(searched.body.map((c) => c.channel_reference)).toEqual(['KS-1']);
    // Sorted by channel, too.
    const sorted = await as<CalculationRecord[]>(EDITOR, 'GET', '/api/calculations?sort=["channel","ASC"]&range=[0,4]');
    expect(sorted.status).toBe(200);
  });

  it('filters the orders by channel alike', async () => {
    const shop = await list<OrderRecord>(ADMIN, 'orders', { channel });
    expect(shop.status).toBe(200);
    expect(shop.body.map((o) => [o.number, o.channel_reference])).toEqual([[ordered[0]!.contribution!.order, 'KS-1']]);
    const backOffice = await list<OrderRecord>(ADMIN, 'orders', { channel: 'back-office' });
    expect(backOffice.body.every((o) => o.channel === null)).toBe(true);
    const all = await list<OrderRecord>(ADMIN, 'orders', {});
    const both = await list<OrderRecord>(ADMIN, 'orders', { channel: [channel, 'back-office'] });
    expect(both.body).toHaveLength(all.body.length);
    expect(backOffice.body.length + shop.body.length).toBe(all.body.length);
  });

  it('names the storefront in a shop’s records to editors and viewers, who may not read the storefronts', async () => {
    for (const email of [EDITOR, VIEWER]) {
      expect((await as(email, 'GET', '/api/storefronts')).status).toBe(403);
      const calculations = await list<CalculationRecord>(email, 'calculations', { channel });
      expect(calculations.body.map((c) => c.channel_name)).toEqual(['Muster Kanalshop', 'Muster Kanalshop']);
      const orders = await list<OrderRecord>(email, 'orders', { channel });
      expect(orders.body.map((o) => o.channel_name)).toEqual(['Muster Kanalshop']);
      const calculation = await as<CalculationRecord>(email, 'GET', `/api/calculations/${calculations.body[0]!.id}`);
      expect(calculation.body.channel_name).toBe('Muster Kanalshop');
      const order = await as<OrderRecord>(email, 'GET', `/api/orders/${orders.body[0]!.id}`);
      expect(order.body.channel_name).toBe('Muster Kanalshop');
      const backOffice = await list<CalculationRecord>(email, 'calculations', { channel: 'back-office' });
      expect(backOffice.body.every((c) => c.channel_name === null)).toBe(true);
    }
  });

  it('never names another mandant’s storefront, even if a channel pointed at it', async () => {
    const theirs = await as<StorefrontRecord>(OTHER_ADMIN, 'POST', '/api/storefronts', {
      name: 'Fremder Shop',
      offers: [FLYER_OFFER],
      origins: ['https://shop.printco.example'],
    });
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(201);
    const mine = (await list<CalculationRecord>(EDITOR, 'calculations', { channel: 'back-office' })).body[0]!;
    const forged = `storefront:${theirs.body.id}`;
    await ctx.db.updateTable('calculations').set({ channel: forged }).where('id', '=', mine.id).execute();
    try {
      const read = await as<CalculationRecord>(EDITOR, 'GET', `/api/calculations/${mine.id}`);
      expect(read.body.channel).toBe(forged);
      expect(read.body.channel_name).toBeNull();
      const listed = await list<CalculationRecord>(EDITOR, 'calculations', { channel: forged });
      expect(listed.body.map((c) => [c.id, c.channel_name])).toEqual([[mine.id, null]]);
    } finally {
      await ctx.db.updateTable('calculations').set({ channel: null }).where('id', '=', mine.id).execute();
      await as(OTHER_ADMIN, 'DELETE', `/api/storefronts/${theirs.body.id}`);
    }
  });

  it('finds nothing of another mandant by its channel, and refuses a channel of the wrong type', async () => {
    expect((await list<CalculationRecord>(OTHER_ADMIN, 'calculations', { channel })).body).toEqual([]);
    expect((await list<OrderRecord>(OTHER_ADMIN, 'orders', { channel })).body).toEqual([]);
    expect((await list(EDITOR, 'calculations', { channel: { nested: 1 } })).status).toBe(400);
    expect((await list(EDITOR, 'orders', { channel: [true, { x: 1 }] })).status).toBe(400);
  });

  it('splits the statistics by channel: the back office first, then each storefront by its name', async () => {
    const result = await byChannel(EDITOR, '?lang=en');
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.columns.map((c) => c.key)).toEqual([
      'channel',
      'calculations',
      'co2e_kg',
      'orders',
      'offset_kg',
    ]);
    const [backOffice, shop, ...rest] = result.body.rows;
    expect(rest).toEqual([]);
    expect(backOffice).toMatchObject({ channel: 'Back office', channel_key: 'back-office' });
    expect(shop).toMatchObject({
      channel: 'Storefront “Muster Kanalshop”',
      channel_key: channel,
      calculations: 2,
      orders: 1,
    });
    const shopKg = ordered.reduce((sum, o) => sum + o.kg_co2e, 0);
    expect(shop!.co2e_kg).toBeCloseTo(shopKg, 2);
    expect(shop!.offset_kg).toBeGreaterThan(0);
    // Together they are every calculation of the range (the per-template statistic counts them all too).
    const byTemplate = await as<StatisticsResult>(EDITOR, 'GET', '/api/statistics/co2e_by_template');
    const total = (rows: StatisticsResult['rows']) => rows.reduce((sum, row) => sum + Number(row.calculations), 0);
    expect(total(result.body.rows)).toBe(total(byTemplate.body.rows));

    // In the reader's language, and as CSV.
    const french = await byChannel(EDITOR, '?lang=fr');
    expect(french.body.rows.map((row) => row.channel)).toEqual([
      'Back-office',
      'Calculateur de boutique « Muster Kanalshop »',
    ]);
    const csv = await as<string>(EDITOR, 'GET', '/api/statistics/by_channel?lang=de&format=csv');
    expect(csv.status).toBe(200);
    expect(String(csv.body)).toContain('Kanal;');
    expect(String(csv.body)).toContain('Shop-Rechner „Muster Kanalshop“');
  });

  it('keeps one mandant’s channels from another: its own split only, the provider sees both', async () => {
    const other = await byChannel(OTHER_ADMIN);
    expect(other.status).toBe(200);
    expect(other.body.rows.map((row) => row.channel_key)).not.toContain(channel);
    expect(JSON.stringify(other.body)).not.toContain('Muster Kanalshop');
    const provider = await byChannel(PROVIDER, '?lang=en');
    expect(provider.body.rows.map((row) => row.channel_key)).toContain(channel);
    const muster = provider.body.rows.find((row) => row.channel_key === channel);
    expect(muster?.calculations).toBe(2);
  });
});
