/**
 * The storefront calculator in a shop's own page (issue 39), as a customer meets it: the example shop
 * (examples/storefront) on its own origin loads `/storefront.js` from Kontor; the customer configures flyers in French,
 * sees the footprint change with the paper, and ticks the climate contribution; the figure is the back office's.
 * The shop's styles do not reach into the calculator, it sends no cookies, and axe finds no serious or critical fault.
 * The checkout's contribution reaches the shop's server back as a signed webhook, which the example shop verifies.
 */
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  apiToken,
  browserAvailable,
  launchBrowser,
  newPage,
  screenshot,
  signedInPage,
  startServer,
  stepsInOrder,
  type RunningServer,
} from './harness';
import { slowdown } from '../support/load';
// @ts-expect-error: the example is plain JavaScript, as a shop's developer copies it
import { createShop } from '../../examples/storefront/server.mjs';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const FIXED = { transport: [{ mode: 'road_freight_truck', distance_km: 80 }] };

type CalculatorValue = { quote?: { kg_co2e: number }; inputs: Record<string, unknown>; contribution: boolean };
const calculatorValue = () =>
  (document.querySelector('kontor-calculator') as unknown as { value: CalculatorValue }).value;

describe.runIf(browserAvailable())('storefront calculator in a shop page', () => {
  let server: RunningServer;
  let browser: Browser;
  let shop: Server;
  let shopUrl: string;
  let storeKey: string;
  let secretKey = '';
  let webhookSecret = '';
  let storefrontId = 0;
  /** The events the example shop received and verified. */
  const received: Array<{ id: string; type: string; data: Record<string, unknown> }> = [];
  let token: string;

  const api = async (method: string, url: string, body?: unknown) =>
    fetch(`${server.baseUrl}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    token = await apiToken(server.baseUrl, 'admin@muster.example');
    // The shop's address is what the storefront allows, so the shop listens before the storefront is made.
    let key = '';
    shop = createShop({
      kontorUrl: server.baseUrl,
      storeKey: () => key,
      secretKey: () => secretKey,
      webhookSecret: () => webhookSecret,
      onWebhook: (event: (typeof received)[number]) => received.push(event),
      lang: 'fr',
    });
    await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
    shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
    const projects = (await (await api('GET', '/api/carbon-offset-projects')).json()) as Array<{ id: number }>;
    const created = await api('POST', '/api/storefronts', {
      name: 'Boutique Muster',
      origins: [shopUrl],
      offers: [{ template_id: 'flyer', customer_fields: ['quantity', 'format', 'paper', 'grammage'], fixed: FIXED }],
      contribution_project_id: projects[0]!.id,
    });
    expect(created.status).toBe(201);
    const storefront = (await created.json()) as { id: number; publishable_key: string };
    storeKey = storefront.publishable_key;
    key = storeKey;
    // The shop's server orders with a secret key, made in the back office and shown once.
    const secret = await api('POST', `/api/storefronts/${storefront.id}/secret-keys`, { name: 'Shop server' });
    expect(secret.status).toBe(201);
    secretKey = ((await secret.json()) as { key: string }).key;
    // Kontor tells the shop's server of the contribution by webhook, signed with a secret shown once.
    storefrontId = storefront.id;
    const hook = await api('POST', `/api/storefronts/${storefront.id}/webhooks`, { url: `${shopUrl}/webhooks/kontor` });
    expect(hook.status).toBe(201);
    webhookSecret = ((await hook.json()) as { secret: string }).secret;
  });

  afterAll(async () => {
    shop?.close();
    await browser?.close();
    await server?.stop();
  });

  describe('computes as the customer types, in French, with the back office’s figure and the contribution', () => {
    stepsInOrder();
    let context: BrowserContext;
    let page: Page;
    const cookies: string[] = [];
    let value: CalculatorValue;

    it('computes as the customer types, in French, following the paper', async () => {
      ({ context, page } = await newPage(browser, { locale: 'fr-FR' }));
      page.on('request', (request) => cookies.push(request.headers()['cookie'] ?? ''));
      await page.goto(shopUrl);
      const quantity = page.getByLabel('Tirage', { exact: false });
      await quantity.fill('5000');
      const total = page.locator('kontor-calculator .total');
      // A change shows the page's figure at once (`data-figure="page"`); the server's answer for these very inputs
      // replaces it (an answer for older inputs is dropped), so "server" means the quote of what the form holds.
      const figureSource = () => page.locator('kontor-calculator .result').getAttribute('data-figure');
      await expect.poll(() => total.textContent(), { timeout: 10_000 * slowdown() }).toMatch(/kg CO₂e/);
      await expect.poll(() => page.evaluate(calculatorValue).then((v) => v.inputs.quantity)).toBe(5000);
      await expect.poll(figureSource, { timeout: 10_000 * slowdown() }).toBe('server');
      const first = (await page.evaluate(calculatorValue)).quote!.kg_co2e;

      // Heavier paper, more footprint: the figure follows the paper.
      await page.getByLabel('Grammage', { exact: false }).fill('300');
      await expect.poll(figureSource, { timeout: 10_000 * slowdown() }).toBe('server');
      await expect
        .poll(() => page.evaluate(calculatorValue).then((v) => v.quote?.kg_co2e ?? 0), { timeout: 10_000 * slowdown() })
        .toBeGreaterThan(first);
      value = await page.evaluate(calculatorValue);
    });

    it('gives the back office’s figure for the same inputs', async () => {
      // The same inputs in the back office give the same figure.
      const saved = await api('POST', '/api/calculations', {
        template_id: 'flyer',
        inputs: {
          title: 'Boutique Muster',
          colours_front: 4,
          colours_back: 4,
          ups: 0,
          cartons: true,
          spoilage_pct: 5,
          coating: 'none',
          // The defaults version 3 of the flyer adds (issue 33): the storefront quote computes with them too.
          process: 'offset',
          sheet_format: 'B1',
          makeready_sheets_default: 100,
          coverage_pct: 20,
          paper_transport_km: 600,
          paper_transport_mode: 'road_freight_truck',
          packaging_pct: 6,
          collected_by_customer: false,
          ...value.inputs,
          ...FIXED,
        },
      });
      expect(saved.status).toBe(201);
      expect(((await saved.json()) as { total_co2e: number }).total_co2e).toBeCloseTo(value.quote!.kg_co2e, 6);
    });

    it('calls the contribution what it is; the shop’s styles stay out, no cookies go, and axe finds no serious fault', async () => {
      // The contribution is called what it is, with project and price.
      await page.getByLabel(/contribution climatique/i).check();
      await expect.poll(() => page.locator('#summary').textContent()).toContain('climate contribution');
      expect(await page.locator('kontor-calculator .note').textContent()).toMatch(/ne réduit pas/);

      // The shop's red 2rem labels do not reach into the calculator.
      const colour = await page
        .locator('kontor-calculator label')
        .first()
        .evaluate((label) => getComputedStyle(label).color);
      expect(colour).not.toBe('rgb(255, 0, 0)');
      expect(cookies.every((cookie) => cookie === '')).toBe(true);
      await screenshot(page, 'storefront-shop-fr');

      await page.evaluate(AXE_SOURCE);
      const violations = await page.evaluate(async () => {
        type Axe = { run: (c: Document) => Promise<{ violations: Array<{ id: string; impact: string | null }> }> };
        return (await (window as unknown as { axe: Axe }).axe.run(document)).violations;
      });
      expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
      await context.close();
    });
  });

  it('shows the figure computed in the page before the server answers, and the server confirms it', async () => {
    const { context, page } = await newPage(browser, { locale: 'fr-FR' });
    // Every quote is held until released: whatever figure shows meanwhile is the page's own.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = 0;
    await page.route('**/api/storefront/v1/*/quotes*', async (route) => {
      asked++;
      await held;
      await route.continue();
    });
    await page.goto(shopUrl);
    const result = page.locator('kontor-calculator .result');
    const total = page.locator('kontor-calculator .total');
    await expect.poll(() => total.textContent(), { timeout: 10_000 * slowdown() }).toMatch(/kg CO₂e/);
    expect(await result.getAttribute('data-figure')).toBe('page');
    expect((await page.evaluate(calculatorValue)).quote).toBeUndefined();
    expect(await page.locator('kontor-calculator .bar span').count()).toBeGreaterThan(1);
    const before = await total.textContent();
    // Another paper weight: the page follows at once, still without any answer of the server.
    await page.getByLabel('Grammage', { exact: false }).fill('300');
    await expect.poll(() => total.textContent()).not.toBe(before);
    expect(await result.getAttribute('data-figure')).toBe('page');
    const inPage = await total.textContent();
    await expect.poll(() => asked).toBeGreaterThan(0);
    release();
    await expect.poll(() => result.getAttribute('data-figure'), { timeout: 10_000 * slowdown() }).toBe('server');
    expect(await total.textContent()).toBe(inPage);
    expect(await page.locator('kontor-calculator .differs').count()).toBe(0);
    expect((await page.evaluate(calculatorValue)).quote!.kg_co2e).toBeGreaterThan(0);
    await context.close();
  });

  it('is usable by keyboard alone', async () => {
    const { context, page } = await newPage(browser, { locale: 'fr-FR' });
    await page.goto(shopUrl);
    await page.getByLabel('Tirage', { exact: false }).waitFor();
    // Tabbing from the top of the page reaches the calculator's first field, typed into without a mouse.
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Tab');
      const inside = await page.evaluate(() => document.activeElement?.tagName === 'KONTOR-CALCULATOR');
      if (inside) break;
    }
    await page.keyboard.press('Control+A');
    await page.keyboard.type('2500');
    await expect.poll(() => page.evaluate(calculatorValue).then((v) => v.inputs.quantity)).toBe(2500);
    await expect.poll(() => page.evaluate(calculatorValue).then((v) => v.quote?.kg_co2e ?? 0)).toBeGreaterThan(0);
    await context.close();
  });

  describe('checks out twice with one idempotency key: one calculation, one contribution order, both marked', () => {
    stepsInOrder();
    let first = '';
    let verifyUrl = '';
    let calculations: Array<{ number: string; channel: string }> = [];

    it('answers the customer’s second click with the first checkout’s outcome', async () => {
      const { context, page } = await newPage(browser, { locale: 'fr-FR' });
      await page.goto(shopUrl);
      await page.getByLabel('Tirage', { exact: false }).fill('5000');
      await expect.poll(() => page.evaluate(calculatorValue).then((v) => v.quote?.kg_co2e ?? 0)).toBeGreaterThan(0);
      await page.getByLabel(/contribution climatique/i).check();
      await expect.poll(() => page.locator('#summary').textContent()).toContain('climate contribution');
      await page.locator('#reference').fill('SHOP-E2E-1');
      // The customer clicks twice; the shop's server posts the order each time with the same Idempotency-Key.
      await page.locator('#checkout').click();
      await expect
        .poll(() => page.locator('#outcome').textContent(), { timeout: 15_000 * slowdown() })
        .toMatch(/K-\d{4}-\d{6}/);
      first = (await page.locator('#outcome').textContent())!;
      await page.locator('#checkout').click();
      await expect.poll(() => page.locator('#outcome').textContent(), { timeout: 15_000 * slowdown() }).toBe(first);
      verifyUrl = (await page.locator('#verify').getAttribute('href'))!;
      await context.close();
    });

    it('makes one calculation and one contribution order, marked with the storefront’s channel', async () => {
      const filter = encodeURIComponent(JSON.stringify({ channel_reference: 'SHOP-E2E-1' }));
      calculations = (await (await api('GET', `/api/calculations?filter=${filter}`)).json()) as Array<{
        number: string;
        channel: string;
      }>;
      expect(calculations).toHaveLength(1);
      expect(calculations[0]!.channel).toMatch(/^storefront:\d+$/);
      expect(first).toContain(calculations[0]!.number);
      const orders = (await (await api('GET', `/api/orders?filter=${filter}`)).json()) as Array<{ channel: string }>;
      expect(orders).toHaveLength(1);
      expect(orders[0]!.channel).toBe(calculations[0]!.channel);
    });

    it('tells the shop by a signed webhook, once; a body the signature does not cover is refused', async () => {
      // The webhook arrives signed: the example shop verified it before taking it (once: the retry made no second).
      await expect.poll(() => received.length, { timeout: 15_000 * slowdown() }).toBe(1);
      expect(received[0]).toMatchObject({
        type: 'contribution.ordered',
        data: { calculation: calculations[0]!.number, reference: 'SHOP-E2E-1', verification_url: verifyUrl },
      });
      const deliveries = (await (
        await api('GET', `/api/storefronts/${storefrontId}/webhook-deliveries`)
      ).json()) as Array<{
        status: string;
        response_code: number;
        event_id: string;
      }>;
      expect(deliveries).toMatchObject([{ status: 'delivered', response_code: 200, event_id: received[0]!.id }]);
      // A body the signature does not cover is refused by the shop.
      const forged = await fetch(`${shopUrl}/webhooks/kontor`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'kontor-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`,
        },
        body: JSON.stringify({ ...received[0], type: 'certificate.issued' }),
      });
      expect(forged.status).toBe(400);
      expect(received).toHaveLength(1);
    });

    it('marks both in the back office lists, which filter by the channel', async () => {
      // In the back office both lists mark them with the storefront and the shop's reference, and filter by the channel.
      const backOffice = await signedInPage(browser, server.baseUrl, 'admin@muster.example');
      // The channel cell: the storefront's name, the shop's reference under it.
      const mark = 'Boutique MusterSHOP-E2E-1';
      const byChannel = encodeURIComponent(JSON.stringify({ channel: calculations[0]!.channel }));
      await backOffice.page.goto(`${server.baseUrl}/calculations?filter=${byChannel}`);
      const calculationRows = backOffice.page.locator('[data-testid="calculations-table"] tbody tr');
      await expect
        .poll(() => calculationRows.allTextContents(), { timeout: 20_000 * slowdown() })
        .toEqual([expect.stringContaining(mark)]);
      expect((await calculationRows.first().textContent()) ?? '').toContain(calculations[0]!.number);
      await backOffice.page.goto(`${server.baseUrl}/orders?filter=${byChannel}`);
      const orderRows = backOffice.page.locator('[data-testid="orders-list"] tbody tr');
      await expect
        .poll(() => orderRows.allTextContents(), { timeout: 20_000 * slowdown() })
        .toEqual([expect.stringContaining(mark)]);
      await screenshot(backOffice.page, 'storefront-orders-channel');
      await backOffice.context.close();
    });

    it('opens the verification address without sign-in', async () => {
      // The verification address opens without sign-in.
      const anonymous = await newPage(browser, { locale: 'fr-FR' });
      const opened = await anonymous.page.goto(verifyUrl);
      expect(opened?.status()).toBe(200);
      expect(await anonymous.page.textContent('body')).toContain(calculations[0]!.number);
      await anonymous.context.close();
    });
  });

  it('shows the webhook’s deliveries in the back office, with "send again"', async () => {
    const { context, page } = await signedInPage(browser, server.baseUrl, 'admin@muster.example');
    await page.goto(`${server.baseUrl}/storefronts/${storefrontId}`);
    const card = page.getByTestId('storefront-webhooks');
    await expect
      .poll(() => card.getByTestId('webhook-deliveries').locator('tbody tr').count(), { timeout: 15_000 * slowdown() })
      .toBe(1);
    expect(await card.textContent()).toContain('Zugestellt');
    await card.getByRole('button', { name: 'Erneut senden' }).click();
    await expect.poll(() => received.length, { timeout: 15_000 * slowdown() }).toBe(2);
    expect(received[1]!.id).toBe(received[0]!.id);
    await card.getByRole('button', { name: 'Aktualisieren' }).click();
    await expect.poll(() => card.getByTestId('webhook-deliveries').locator('tbody tr').count()).toBe(2);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'storefront-webhooks-de');
    await context.close();
  });

  it('is refused to a page of a foreign origin', async () => {
    const response = await fetch(`${server.baseUrl}/api/storefront/v1/${storeKey}/config`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(response.status).toBe(403);
  });
});
