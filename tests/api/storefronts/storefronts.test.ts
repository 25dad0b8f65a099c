/**
 * Storefronts (issue 39): a mandant admin sets up a storefront; its publishable key reads the calculator's form and
 * quotes — the figure the back office computes for the same inputs — only from the storefront's origins, within the
 * rate limit, and never anything of another storefront or mandant.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  CalculationRecord,
  CreatedStorefrontSecretKey,
  OrderRecord,
  StorefrontConfig,
  StorefrontOrder,
  StorefrontQuote,
  StorefrontRecord,
  StorefrontSecretKeyRecord,
} from '../../../src/core/api';
import { describeEachDatabase } from '../harness';

const ADMIN = 'admin@muster.example';
const EDITOR = 'editor@muster.example';
const OTHER_ADMIN = 'admin@printco.example';
const PROVIDER = 'admin@kontor.example';
const SHOP = 'https://shop.muster.example';
/** A small limit, so the 429 test needs few requests. */
const QUOTES_PER_MINUTE = 20;

const FLYER_OFFER = {
  template_id: 'flyer',
  customer_fields: ['quantity', 'format', 'paper', 'grammage'],
  fixed: { transport: [{ mode: 'road_freight_truck', distance_km: 80 }] },
};

describeEachDatabase(
  'storefronts',
  (ctx) => {
    const tokens: Record<string, string> = {};
    const as = <T>(email: string, method: string, url: string, body?: unknown) =>
      ctx.request<T>(method, url, { token: tokens[email]!, body });
    let storefront: StorefrontRecord;
    let projectId: number;

    beforeAll(async () => {
      for (const email of [ADMIN, EDITOR, OTHER_ADMIN, PROVIDER]) tokens[email] = await ctx.login(email);
      const projects = await as<Array<{ id: number }>>(ADMIN, 'GET', '/api/carbon-offset-projects');
      projectId = projects.body[0]!.id;
      const created = await as<StorefrontRecord>(ADMIN, 'POST', '/api/storefronts', {
        name: 'Muster Webshop',
        offers: [FLYER_OFFER],
        origins: [SHOP],
        contribution_project_id: projectId,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      storefront = created.body;
    });

    const publicUrl = (path: string, key = storefront.publishable_key) => `/api/storefront/v1/${key}/${path}`;
    const quote = (inputs: Record<string, unknown>, headers: Record<string, string> = { origin: SHOP }) =>
      ctx.request<StorefrontQuote>('POST', publicUrl('quotes?lang=fr'), {
        body: { template: 'flyer', inputs },
        headers,
      });

    it('makes a publishable key and records the storefront in the protocol', async () => {
      expect(storefront.publishable_key).toMatch(/^kontor_pk_[A-Za-z0-9_-]{32}$/);
      expect(storefront).toMatchObject({ active: true, origins: [SHOP], offers: [FLYER_OFFER] });
      const protocol = await as<Array<{ resource: string; action: string }>>(
        ADMIN,
        'GET',
        `/api/protocol?filter=${encodeURIComponent(JSON.stringify({ resource: 'storefronts' }))}`,
      );
      expect(protocol.body.map((entry) => entry.action)).toContain('created');
    });

    it('is for admins only: an editor reads and writes no storefront', async () => {
      expect((await as(EDITOR, 'GET', '/api/storefronts')).status).toBe(403);
      expect((await as(EDITOR, 'POST', '/api/storefronts', { name: 'x' })).status).toBe(403);
    });

    it('refuses offers it could not serve, naming the field', async () => {
      const notOffered = await as<{ errors: Record<string, string> }>(ADMIN, 'POST', '/api/storefronts', {
        name: 'x',
        offers: [{ ...FLYER_OFFER, customer_fields: ['transport'] }],
      });
      expect(notOffered.status).toBe(400);
      expect(Object.keys(notOffered.body.errors)).toEqual(['offers.0.customer_fields']);
      const unknown = await as(ADMIN, 'POST', '/api/storefronts', {
        name: 'x',
        offers: [{ template_id: 'no-such-template', customer_fields: [], fixed: {} }],
      });
      expect(unknown.status).toBe(400);
      const badFixed = await as<{ message: string }>(ADMIN, 'POST', '/api/storefronts', {
        name: 'x',
        offers: [{ ...FLYER_OFFER, fixed: { grammage: -5 } }],
      });
      expect(badFixed.status).toBe(400);
      const provider = await as(PROVIDER, 'POST', '/api/storefronts', { name: 'x' });
      expect(provider.status).toBe(400);
    });

    it('serves the customer form in the asked language, from an allowed origin, without cookies', async () => {
      const config = await ctx.request<StorefrontConfig>('GET', publicUrl('config?lang=fr'), {
        headers: { origin: SHOP },
      });
      expect(config.status).toBe(200);
      expect(config.headers.get('access-control-allow-origin')).toBe(SHOP);
      expect(config.headers.get('set-cookie')).toBeNull();
      expect(config.body.contribution).toBe(true);
      const flyer = config.body.templates[0]!;
      expect(flyer.id).toBe('flyer');
      expect(flyer.fields.map((field) => field.name)).toEqual(FLYER_OFFER.customer_fields);
      const paper = flyer.fields.find((field) => field.name === 'paper')!;
      expect(paper.options.length).toBeGreaterThan(0);
      expect(paper.options.map((option) => option.value)).toContain('paper_virgin');
      // Fields and labels in French, not German.
      const quantity = flyer.fields.find((field) => field.name === 'quantity')!;
      expect(quantity.label).not.toBe('Auflage');
    });

    it('quotes the figure the back office computes for the same inputs', async () => {
      const inputs = { quantity: 5000, format: 'A5', paper: 'paper_virgin', grammage: 135 };
      const quoted = await quote(inputs);
      expect(quoted.status).toBe(200);
      const saved = await as<CalculationRecord>(ADMIN, 'POST', '/api/calculations', {
        template_id: 'flyer',
        inputs: {
          title: 'Muster Webshop',
          ...inputs,
          ...FLYER_OFFER.fixed,
          colours_front: 4,
          colours_back: 4,
          ups: 0, // the flyer's default since version 3: derived from the press sheet
          cartons: true,
          spoilage_pct: 5,
          coating: 'none',
        },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(201);
      expect(quoted.body.kg_co2e).toBeCloseTo(saved.body.total_co2e, 9);
      expect(quoted.body.kg_co2e_per_unit).toBeCloseTo(saved.body.total_co2e / 5000, 12);
      const stages = quoted.body.stages.reduce((sum, stage) => sum + stage.kg_co2e, 0);
      expect(stages).toBeGreaterThan(0);
      expect(stages).toBeLessThanOrEqual(quoted.body.kg_co2e + 1e-9);
      expect(quoted.body.contribution).toMatchObject({ currency: expect.any(String) });
      expect(quoted.body.contribution!.price_minor).toBeGreaterThan(0);
      expect(Date.parse(quoted.body.valid_until)).toBeGreaterThan(Date.now());
      // More paper, more footprint.
      const heavier = await quote({ ...inputs, grammage: 300 });
      expect(heavier.body.kg_co2e).toBeGreaterThan(quoted.body.kg_co2e);
    });

    it('stops computing in the page when switched off: the config then carries no factor value', async () => {
      const created = await as<StorefrontRecord>(ADMIN, 'POST', '/api/storefronts', {
        name: 'Lizenz',
        offers: [FLYER_OFFER],
      });
      expect(created.body.compute_in_page).toBe(true);
      const config = (key: string) =>
        ctx.request<StorefrontConfig>('GET', publicUrl('config?lang=de&template=flyer', key));
      const on = await config(created.body.publishable_key);
      const model = on.body.templates[0]!.model!;
      const values = Object.values(model.factors).filter((value) => !Number.isInteger(value));
      expect(values.length).toBeGreaterThan(5);

      const switched = await as<StorefrontRecord>(ADMIN, 'PUT', `/api/storefronts/${created.body.id}`, {
        compute_in_page: false,
        version: created.body.version,
      });
      expect(switched.status, JSON.stringify(switched.body)).toBe(200);
      expect(switched.body).toMatchObject({ compute_in_page: false, version: created.body.version + 1 });
      const protocol = await as<Array<{ action: string; record_label: string | null }>>(
        ADMIN,
        'GET',
        `/api/protocol?filter=${encodeURIComponent(JSON.stringify({ resource: 'storefronts' }))}`,
      );
      expect(protocol.body.filter((entry) => entry.record_label === 'Lizenz').map((entry) => entry.action)).toContain(
        'updated',
      );

      const off = await config(created.body.publishable_key);
      expect(off.status).toBe(200);
      expect(off.body.templates[0]!.fields.map((field) => field.name)).toEqual(FLYER_OFFER.customer_fields);
      expect(off.body.templates[0]!.model).toBeUndefined();
      // No factor value anywhere in the answer, under any name.
      const numbers: number[] = [];
      JSON.stringify(off.body, (_key, value: unknown) => {
        if (typeof value === 'number') numbers.push(value);
        return value;
      });
      expect(numbers.filter((number) => values.includes(number))).toEqual([]);
      expect(JSON.stringify(off.body)).not.toMatch(/"(factors|production|machines|energy)"/);
    });

    it('answers bad input with field errors, and refuses fields the printer fixes', async () => {
      const negative = await quote({ quantity: -1 });
      expect(negative.status).toBe(400);
      const fixed = await quote({ transport: [] });
      expect(fixed.status).toBe(400);
      const notOffered = await ctx.request('POST', publicUrl('quotes'), {
        body: { template: 'brochure', inputs: {} },
        headers: { origin: SHOP },
      });
      expect(notOffered.status).toBe(400);
    });

    it('refuses a page of a foreign origin, in the preflight and the request', async () => {
      const preflight = await ctx.request('OPTIONS', publicUrl('quotes'), {
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      });
      expect(preflight.status).toBe(403);
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
      const allowed = await ctx.request('OPTIONS', publicUrl('quotes'), {
        headers: { origin: SHOP, 'access-control-request-method': 'POST' },
      });
      expect(allowed.status).toBe(204);
      expect(allowed.headers.get('access-control-allow-origin')).toBe(SHOP);
      const foreign = await quote({ quantity: 100 }, { origin: 'https://evil.example' });
      expect(foreign.status).toBe(403);
    });

    it('a publishable key reaches nothing but its storefront: unknown and another mandant’s keys answer alike', async () => {
      const other = await as<StorefrontRecord>(OTHER_ADMIN, 'POST', '/api/storefronts', { name: 'Printco Shop' });
      expect(other.status).toBe(201);
      // Printco's key cannot quote Muster's offer (Printco offers nothing), and Printco's admin cannot read Muster's.
      const viaOther = await ctx.request<{ message: string }>('POST', publicUrl('quotes', other.body.publishable_key), {
        body: { template: 'flyer', inputs: {} },
      });
      expect(viaOther.status).toBe(400);
      const missing = await ctx.request<{ message: string }>('GET', publicUrl('config', `kontor_pk_${'x'.repeat(32)}`));
      expect(missing.status).toBe(404);
      const malformed = await ctx.request('GET', publicUrl('config', 'kontor_pk_short'));
      expect(malformed.status).toBe(400);
      expect((await as(OTHER_ADMIN, 'GET', `/api/storefronts/${storefront.id}`)).status).toBe(404);
      // The publishable key opens no back-office route.
      const asKey = await ctx.request('GET', '/api/calculations', { token: storefront.publishable_key });
      expect(asKey.status).toBe(401);
    });

    describe('orders with a secret key', () => {
      let secret: CreatedStorefrontSecretKey;
      const ORDER = {
        template: 'flyer',
        inputs: { quantity: 5000, format: 'A5', paper: 'paper_virgin', grammage: 135 },
        reference: 'SO-1001',
        contribution: true,
      };
      const order = (body: unknown, key: string, idempotencyKey?: string) =>
        ctx.request<StorefrontOrder & { message?: string }>('POST', '/api/storefront/v1/orders', {
          token: key,
          body,
          headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {},
        });
      const channelFilter = (resource: string, reference: string) =>
        `/api/${resource}?filter=${encodeURIComponent(JSON.stringify({ channel_reference: reference }))}`;

      beforeAll(async () => {
        const created = await as<CreatedStorefrontSecretKey>(
          ADMIN,
          'POST',
          `/api/storefronts/${storefront.id}/secret-keys`,
          { name: 'Shop-Server' },
        );
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        secret = created.body;
      });

      it('shows a secret key once and lists it without the secret, with its last use', async () => {
        expect(secret.key).toMatch(/^kontor_sk_[A-Za-z0-9_-]{43}$/);
        expect(secret.hint).toBe(secret.key.slice(-4));
        const listed = await as<StorefrontSecretKeyRecord[]>(
          ADMIN,
          'GET',
          `/api/storefronts/${storefront.id}/secret-keys`,
        );
        expect(listed.status).toBe(200);
        expect(JSON.stringify(listed.body)).not.toContain(secret.key);
        expect(listed.body.map((key) => key.name)).toContain('Shop-Server');
        expect((await as(EDITOR, 'POST', `/api/storefronts/${storefront.id}/secret-keys`, { name: 'x' })).status).toBe(
          403,
        );
        // Another mandant's admin finds no such storefront.
        expect((await as(OTHER_ADMIN, 'GET', `/api/storefronts/${storefront.id}/secret-keys`)).status).toBe(404);
        expect(
          (await as(OTHER_ADMIN, 'POST', `/api/storefronts/${storefront.id}/secret-keys`, { name: 'x' })).status,
        ).toBe(404);
      });

      it('creates the calculation and the contribution once per idempotency key, marked with the channel', async () => {
        const first = await order(ORDER, secret.key, 'checkout-0001');
        expect(first.status, JSON.stringify(first.body)).toBe(201);
        expect(first.body.calculation).toMatch(/^K-\d{4}-\d{6}$/);
        expect(first.body.channel).toBe(`storefront:${storefront.id}`);
        expect(first.body.contribution?.order).toMatch(/^B-\d{4}-\d{6}$/);
        const again = await order({ ...ORDER, inputs: { ...ORDER.inputs } }, secret.key, 'checkout-0001');
        expect(again.status).toBe(201);
        expect(again.headers.get('idempotent-replayed')).toBe('true');
        expect(again.body).toEqual(first.body);

        const calculations = await as<CalculationRecord[]>(ADMIN, 'GET', channelFilter('calculations', 'SO-1001'));
        expect(calculations.body).toHaveLength(1);
        expect(calculations.body[0]).toMatchObject({
          status: 'final',
          frozen: true,
          channel: `storefront:${storefront.id}`,
          channel_reference: 'SO-1001',
        });
        const orders = await as<OrderRecord[]>(ADMIN, 'GET', channelFilter('orders', 'SO-1001'));
        expect(orders.body).toHaveLength(1);
        expect(orders.body[0]).toMatchObject({ status: 'placed', channel: `storefront:${storefront.id}` });

        // The verification address opens without sign-in.
        const page = await ctx.request<string>('GET', new URL(first.body.verification_url).pathname);
        expect(page.status).toBe(200);
        expect(String(page.body)).toContain(first.body.calculation);

        const listed = await as<StorefrontSecretKeyRecord[]>(
          ADMIN,
          'GET',
          `/api/storefronts/${storefront.id}/secret-keys`,
        );
        expect(listed.body.find((key) => key.id === secret.id)?.last_used_at).not.toBeNull();
      });

      it('refuses the same idempotency key with another body, and creates nothing', async () => {
        const other = await order({ ...ORDER, reference: 'SO-1002' }, secret.key, 'checkout-0001');
        expect(other.status).toBe(422);
        expect(other.body.message).toContain('checkout-0001');
        const calculations = await as<CalculationRecord[]>(ADMIN, 'GET', channelFilter('calculations', 'SO-1002'));
        expect(calculations.body).toHaveLength(0);
      });

      it('refuses a publishable key, a missing key, a foreign or revoked key alike, and bad bodies with 400', async () => {
        expect((await order(ORDER, storefront.publishable_key, 'checkout-pk-01')).status).toBe(403);
        expect((await order(ORDER, '', 'checkout-none-1')).status).toBe(401);
        expect((await order(ORDER, `kontor_sk_${'x'.repeat(43)}`, 'checkout-bad-01')).status).toBe(401);
        // A personal session token of the same mandant is no storefront key either.
        expect((await order(ORDER, tokens[ADMIN]!, 'checkout-pat-01')).status).toBe(401);
        // The secret key opens no back-office route.
        expect((await ctx.request('GET', '/api/calculations', { token: secret.key })).status).toBe(401);
        expect((await ctx.request('GET', `/api/storefronts/${storefront.id}`, { token: secret.key })).status).toBe(401);
        for (const body of [
          {},
          { ...ORDER, template: 'brochure' },
          { ...ORDER, inputs: { transport: [] } },
          { ...ORDER, inputs: { quantity: -5 } },
          { ...ORDER, reference: '' },
          { ...ORDER, inputs: 'x' },
        ]) {
          const response = await order(body, secret.key, `checkout-bad-${Math.random().toString(36).slice(2, 10)}`);
          expect(response.status, JSON.stringify(body)).toBe(400);
        }
        expect((await order(ORDER, secret.key, 'short')).status).toBe(400);

        const revoked = await as<CreatedStorefrontSecretKey>(
          ADMIN,
          'POST',
          `/api/storefronts/${storefront.id}/secret-keys`,
          { name: 'Alt' },
        );
        expect(
          (await as(OTHER_ADMIN, 'DELETE', `/api/storefronts/${storefront.id}/secret-keys/${revoked.body.id}`)).status,
        ).toBe(404);
        expect(
          (await as(ADMIN, 'DELETE', `/api/storefronts/${storefront.id}/secret-keys/${revoked.body.id}`)).status,
        ).toBe(204);
        expect((await order(ORDER, revoked.body.key, 'checkout-revoked')).status).toBe(401);
      });

      it('orders without a contribution, and without an idempotency key', async () => {
        const plain = await order({ ...ORDER, contribution: false, reference: 'SO-2001' }, secret.key);
        expect(plain.status, JSON.stringify(plain.body)).toBe(201);
        expect(plain.body.contribution).toBeNull();
        const orders = await as<OrderRecord[]>(ADMIN, 'GET', channelFilter('orders', 'SO-2001'));
        expect(orders.body).toHaveLength(0);
      });
    });

    it('serves the calculator’s script to any page, gzipped, without cookies', async () => {
      const file = path.join(ctx.config.staticDir, '..', 'storefront', 'storefront.js');
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, `customElements.define('kontor-calculator', class extends HTMLElement {});\n`.repeat(40));
      const script = await ctx.request<string>('GET', '/storefront.js', { headers: { 'accept-encoding': 'gzip' } });
      expect(script.status).toBe(200);
      expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
      expect(script.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
      expect(script.headers.get('set-cookie')).toBeNull();
      expect(String(script.body)).toContain('kontor-calculator');
    });

    it('stops serving when deactivated', async () => {
      const off = await as<StorefrontRecord>(ADMIN, 'POST', '/api/storefronts', { name: 'Pausiert', active: false });
      const config = await ctx.request('GET', publicUrl('config', off.body.publishable_key));
      expect(config.status).toBe(404);
    });

    it('answers 429 with Retry-After beyond the quotes an address may ask for in a minute', async () => {
      const limited = await as<StorefrontRecord>(ADMIN, 'POST', '/api/storefronts', {
        name: 'Limit',
        offers: [FLYER_OFFER],
      });
      const statuses: number[] = [];
      for (let i = 0; i <= QUOTES_PER_MINUTE; i++) {
        const response = await ctx.request('POST', publicUrl('quotes', limited.body.publishable_key), {
          body: { template: 'flyer', inputs: { quantity: 100 + i } },
        });
        statuses.push(response.status);
        if (response.status === 429) expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      expect(statuses.slice(0, QUOTES_PER_MINUTE).every((status) => status === 200)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    });
  },
  { env: { STOREFRONT_QUOTES_PER_MINUTE: String(QUOTES_PER_MINUTE) } },
);
