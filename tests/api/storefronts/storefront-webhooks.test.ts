/**
 * Storefront webhooks (issue 39, item 4): a mandant admin adds an endpoint (the signing secret shown once); a shop's
 * order with the climate contribution sends `contribution.ordered`, its completion `certificate.issued`, each signed
 * so the receiver verifies it; a receiver's 500 is retried on the back-off schedule (the worker's clock moved, never
 * waited for) until it fails for good; "send again" sends the same event anew. Another mandant's storefront, endpoint
 * or delivery answers exactly like a missing one.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type {
  CreatedStorefrontSecretKey,
  CreatedStorefrontWebhook,
  OrderRecord,
  StorefrontOrder,
  StorefrontRecord,
  StorefrontWebhookDeliveryRecord,
  StorefrontWebhookPayload,
  StorefrontWebhookRecord,
} from '../../../src/core/api';
import { verifyWebhookSignature } from '../../../src/server/storefronts/webhook-signature';
import {
  createWebhookWorker,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_DELAYS_S,
} from '../../../src/server/storefronts/webhooks';
import { describeEachDatabase } from '../harness';

const ADMIN = 'admin@muster.example';
const EDITOR = 'editor@muster.example';
const OTHER_ADMIN = 'admin@printco.example';
const PROVIDER = 'admin@kontor.example';
const MISSING = 2_000_000_000;
const FLYER_OFFER = {
  template_id: 'flyer',
  customer_fields: ['quantity', 'format', 'paper', 'grammage'],
  fixed: { transport: [{ mode: 'road_freight_truck', distance_km: 80 }] },
};
const INPUTS = { quantity: 5000, format: 'A5', paper: 'paper_virgin', grammage: 135 };

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A shop's receiver: records every request and answers the next queued answer (default 200). */
function startReceiver() {
  const received: Received[] = [];
  const answers: Array<{ status: number; body?: string; headers?: Record<string, string> }> = [];
  const server: Server = createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    received.push({ path: request.url ?? '', headers: request.headers, body });
    const answer = answers.shift() ?? { status: 200, body: '{"received":true}' };
    response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers }).end(answer.body ?? '');
  });
  return { server, received, answers };
}

describeEachDatabase(
  'storefront webhooks',
  (ctx) => {
    const tokens: Record<string, string> = {};
    const as = <T>(email: string, method: string, url: string, body?: unknown) =>
      ctx.request<T>(method, url, { token: tokens[email]!, body });
    const receiver = startReceiver();
    let receiverUrl = '';
    let storefront: StorefrontRecord;
    let secretKey: CreatedStorefrontSecretKey;
    let endpoint: CreatedStorefrontWebhook;
    let sequence = 0;

    const worker = () => ctx.app.kontor.webhooks;
    const base = () => `/api/storefronts/${storefront.id}`;
    const deliveries = async () =>
      (await as<StorefrontWebhookDeliveryRecord[]>(ADMIN, 'GET', `${base()}/webhook-deliveries`)).body;
    const order = async (contribution = true) => {
      sequence += 1;
      const answer = await ctx.request<StorefrontOrder>('POST', '/api/storefront/v1/orders', {
        token: secretKey.key,
        body: { template: 'flyer', inputs: INPUTS, reference: `WH-${sequence}`, contribution },
        headers: { 'idempotency-key': `webhook-test-${sequence}` },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return answer.body;
    };
    /** Verifies a received request as a shop would, and answers its event. */
    const verified = (request: Received, secret = endpoint.secret): StorefrontWebhookPayload => {
      const header = request.headers['kontor-signature'] as string;
      const verdict = verifyWebhookSignature(secret, request.body, header, Math.floor(worker().now() / 1000));
      expect(verdict.ok, header).toBe(true);
      return JSON.parse(request.body) as StorefrontWebhookPayload;
    };
    /** Another mandant's id must answer exactly like a missing one. */
    const likeMissing = async (method: string, foreign: string, missing: string, body?: unknown) => {
      const a = await as<{ message: string }>(OTHER_ADMIN, method, foreign, body);
      const b = await as<{ message: string }>(OTHER_ADMIN, method, missing, body);
      expect(a.status, foreign).toBe(404);
      expect(b.status, missing).toBe(404);
      const normalise = (text: string) => text.replace(/\d+/g, '#');
      expect(normalise(a.body.message)).toBe(normalise(b.body.message));
    };

    beforeAll(async () => {
      await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
      receiverUrl = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}/webhooks/kontor`;
      for (const email of [ADMIN, EDITOR, OTHER_ADMIN, PROVIDER]) tokens[email] = await ctx.login(email);
      const projects = await as<Array<{ id: number }>>(ADMIN, 'GET', '/api/carbon-offset-projects');
      storefront = (
        await as<StorefrontRecord>(ADMIN, 'POST', '/api/storefronts', {
          name: 'Webhook-Shop',
          offers: [FLYER_OFFER],
          contribution_project_id: projects.body[0]!.id,
        })
      ).body;
      secretKey = (await as<CreatedStorefrontSecretKey>(ADMIN, 'POST', `${base()}/secret-keys`, { name: 'Server' }))
        .body;
    });
    afterEach(() => {
      worker().setClock(Date.now);
      receiver.answers.length = 0;
    });
    afterAll(async () => {
      await new Promise((resolve) => receiver.server.close(resolve));
    });

    it('lets an admin add an endpoint: the secret is shown once, and the list never shows it', async () => {
      const created = await as<CreatedStorefrontWebhook>(ADMIN, 'POST', `${base()}/webhooks`, { url: receiverUrl });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      endpoint = created.body;
      expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
      expect(endpoint).toMatchObject({ url: receiverUrl, hint: endpoint.secret.slice(-4) });
      const listed = await as<StorefrontWebhookRecord[]>(ADMIN, 'GET', `${base()}/webhooks`);
      expect(listed.body).toEqual([
        {
          id: endpoint.id,
          storefront_id: storefront.id,
          url: receiverUrl,
          hint: endpoint.hint,
          created_at: endpoint.created_at,
        },
      ]);
      expect(JSON.stringify(listed.body)).not.toContain(endpoint.secret);
      const protocol = await as<Array<{ resource: string; action: string }>>(
        ADMIN,
        'GET',
        `/api/protocol?filter=${encodeURIComponent(JSON.stringify({ resource: 'storefront-webhooks' }))}`,
      );
      expect(protocol.body.map((entry) => entry.action)).toContain('created');
      expect(JSON.stringify(protocol.body)).not.toContain(endpoint.secret);
    });

    it('refuses an editor, and bad addresses with 400', async () => {
      expect((await as(EDITOR, 'GET', `${base()}/webhooks`)).status).toBe(403);
      expect((await as(EDITOR, 'POST', `${base()}/webhooks`, { url: receiverUrl })).status).toBe(403);
      expect((await as(EDITOR, 'GET', `${base()}/webhook-deliveries`)).status).toBe(403);
      for (const body of [
        {},
        { url: 5 },
        { url: 'ftp://shop.example/hook' },
        { url: 'https://user:pw@shop.example/hook' },
        { url: 'http://' },
        { url: 'https://shop.example/hook#x' },
        { url: `https://shop.example/${'x'.repeat(600)}` },
      ]) {
        const response = await as(ADMIN, 'POST', `${base()}/webhooks`, body);
        expect(response.status, JSON.stringify(body)).toBe(400);
      }
    });

    it('sends a signed contribution.ordered with numbers, never database ids, once per order', async () => {
      const placed = await order();
      await worker().runDue();
      expect(receiver.received).toHaveLength(1);
      const request = receiver.received[0]!;
      expect(request.path).toBe('/webhooks/kontor');
      const event = verified(request);
      expect(event).toEqual({
        id: expect.stringMatching(/^evt_[0-9a-f]{32}$/),
        type: 'contribution.ordered',
        created: expect.any(String),
        data: {
          calculation: placed.calculation,
          order: placed.contribution!.order,
          reference: `WH-${sequence}`,
          channel: `storefront:${storefront.id}`,
          certificate: null,
          verification_url: placed.verification_url,
        },
      });
      expect(request.headers['kontor-event-id']).toBe(event.id);
      expect(request.headers['kontor-event']).toBe('contribution.ordered');
      // The same body under another secret does not verify.
      expect(
        verifyWebhookSignature('whsec_other', request.body, request.headers['kontor-signature'] as string).ok,
      ).toBe(false);

      const [delivery] = await deliveries();
      expect(delivery).toMatchObject({
        event_id: event.id,
        event_type: 'contribution.ordered',
        status: 'delivered',
        attempts: 1,
        response_code: 200,
        response_body: '{"received":true}',
        next_attempt_at: null,
        error: null,
      });

      // A replay of the order (same Idempotency-Key and body) makes no second event; an order without contribution none.
      const replay = await ctx.request('POST', '/api/storefront/v1/orders', {
        token: secretKey.key,
        body: { template: 'flyer', inputs: INPUTS, reference: `WH-${sequence}`, contribution: true },
        headers: { 'idempotency-key': `webhook-test-${sequence}` },
      });
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      await order(false);
      await worker().runDue();
      expect(receiver.received).toHaveLength(1);
      expect(await deliveries()).toHaveLength(1);
    });

    it('retries after a 500 on the back-off schedule (clock moved), keeping at most 2 KB of the answer', async () => {
      receiver.received.length = 0;
      receiver.answers.push({ status: 500, body: 'ü'.repeat(3000) }, { status: 200, body: 'ok' });
      await order();
      await worker().runDue();
      let [delivery] = await deliveries();
      expect(delivery).toMatchObject({ status: 'pending', attempts: 1, response_code: 500, error: null });
      expect(Buffer.byteLength(delivery!.response_body!, 'utf8')).toBeLessThanOrEqual(2048);
      expect(delivery!.response_body!.length).toBe(1024);
      const first = Date.parse(delivery!.last_attempt_at!);
      const due = Date.parse(delivery!.next_attempt_at!);
      expect(due - first).toBe(WEBHOOK_RETRY_DELAYS_S[0] * 1000);

      // Not yet due: nothing is sent.
      worker().setClock(() => due - 1000);
      await worker().runDue();
      expect(receiver.received).toHaveLength(1);

      worker().setClock(() => due + 1000);
      await worker().runDue();
      expect(receiver.received).toHaveLength(2);
      [delivery] = await deliveries();
      expect(delivery).toMatchObject({ status: 'delivered', attempts: 2, response_code: 200, response_body: 'ok' });
      // The retry carries the same event, signed anew with the attempt's time.
      const [a, b] = receiver.received.map((request) => verified(request));
      expect(b).toEqual(a);
      expect(receiver.received[1]!.headers['kontor-signature']).not.toBe(
        receiver.received[0]!.headers['kontor-signature'],
      );
    });

    it('gives up after the last attempt, and "send again" sends the same event anew', async () => {
      receiver.received.length = 0;
      for (let i = 0; i < WEBHOOK_MAX_ATTEMPTS; i++) receiver.answers.push({ status: 503, body: 'busy' });
      await order();
      let now = Date.now();
      const seenDelays: number[] = [];
      for (let attempt = 1; attempt <= WEBHOOK_MAX_ATTEMPTS; attempt++) {
        worker().setClock(() => now);
        await worker().runDue();
        const [delivery] = await deliveries();
        expect(delivery!.attempts).toBe(attempt);
        if (delivery!.next_attempt_at === null) break;
        const due = Date.parse(delivery!.next_attempt_at);
        seenDelays.push((due - Date.parse(delivery!.last_attempt_at!)) / 1000);
        now = due;
      }
      expect(seenDelays).toEqual([...WEBHOOK_RETRY_DELAYS_S]);
      const [failed] = await deliveries();
      expect(failed).toMatchObject({
        status: 'failed',
        attempts: WEBHOOK_MAX_ATTEMPTS,
        response_code: 503,
        next_attempt_at: null,
      });
      expect(receiver.received).toHaveLength(WEBHOOK_MAX_ATTEMPTS);

      expect((await as(EDITOR, 'POST', `${base()}/webhook-deliveries/${failed!.id}/resend`)).status).toBe(403);
      const again = await as<StorefrontWebhookDeliveryRecord>(
        ADMIN,
        'POST',
        `${base()}/webhook-deliveries/${failed!.id}/resend`,
      );
      expect(again.status, JSON.stringify(again.body)).toBe(201);
      expect(again.body).toMatchObject({ event_id: failed!.event_id, status: 'pending', attempts: 0 });
      await worker().runDue();
      const listed = await deliveries();
      expect(listed[0]).toMatchObject({ id: again.body.id, status: 'delivered', attempts: 1, response_code: 200 });
      expect(listed.find((d) => d.id === failed!.id)?.status).toBe('failed');
      expect(verified(receiver.received.at(-1)!).id).toBe(failed!.event_id);
    });

    it('does not follow a redirect: the attempt fails with the 3xx', async () => {
      receiver.received.length = 0;
      receiver.answers.push({ status: 302, headers: { location: `${receiverUrl}/elsewhere` } });
      await order();
      await worker().runDue();
      expect(receiver.received).toHaveLength(1);
      const [delivery] = await deliveries();
      expect(delivery).toMatchObject({ status: 'pending', attempts: 1, response_code: 302, error: 'redirect' });
    });

    it('sends certificate.issued when the contribution order is completed', async () => {
      receiver.received.length = 0;
      const placed = await order();
      await worker().runDue();
      const orders = await as<OrderRecord[]>(
        ADMIN,
        'GET',
        `/api/orders?filter=${encodeURIComponent(JSON.stringify({ channel_reference: `WH-${sequence}` }))}`,
      );
      const contribution = orders.body[0]!;
      expect((await as(PROVIDER, 'POST', `/api/orders/${contribution.id}/confirm`)).status).toBe(200);
      const completed = await as<OrderRecord>(PROVIDER, 'POST', `/api/orders/${contribution.id}/complete`);
      expect(completed.status).toBe(200);
      await worker().runDue();
      const events = receiver.received.map((request) => verified(request));
      expect(events.map((event) => event.type)).toEqual(['contribution.ordered', 'certificate.issued']);
      expect(events[1]!.data).toEqual({
        calculation: placed.calculation,
        order: placed.contribution!.order,
        reference: `WH-${sequence}`,
        channel: `storefront:${storefront.id}`,
        certificate: completed.body.certificate_number,
        verification_url: placed.verification_url,
      });
      expect(events[1]!.id).not.toBe(events[0]!.id);
    });

    it('sends each due delivery once when two processes’ workers run at the same moment', async () => {
      receiver.received.length = 0;
      // The app's own worker is held back (its clock an hour behind) while three events wait.
      worker().setClock(() => Date.now() - 3_600_000);
      for (let i = 0; i < 3; i++) await order();
      await worker().runDue();
      const later = Date.now() + 1000;
      expect(receiver.received).toHaveLength(0);
      const other = createWebhookWorker({ db: ctx.db, log: ctx.app.log, pollMs: 0, now: () => later });
      worker().setClock(() => later);
      const made = await Promise.all([worker().runDue(), other.runDue(), worker().runDue(), other.runDue()]);
      other.stop();
      expect(receiver.received).toHaveLength(3);
      expect(new Set(receiver.received.map((request) => verified(request).id)).size).toBe(3);
      expect((await deliveries()).slice(0, 3).map((d) => [d.status, d.attempts])).toEqual([
        ['delivered', 1],
        ['delivered', 1],
        ['delivered', 1],
      ]);
      expect(made.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(3);
    });

    it('lists the deliveries a page at a time through the list engine, newest first, with the total', async () => {
      const all = await as<StorefrontWebhookDeliveryRecord[]>(ADMIN, 'GET', `${base()}/webhook-deliveries`);
      expect(all.body.length).toBeGreaterThanOrEqual(3);
      const newestFirst = [...all.body].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
      expect(all.body.map((delivery) => delivery.id)).toEqual(newestFirst.map((delivery) => delivery.id));
      const total = all.body.length;
      const page = (range: string, extra = '') =>
        as<StorefrontWebhookDeliveryRecord[]>(ADMIN, 'GET', `${base()}/webhook-deliveries?range=${range}${extra}`);
      const first = await page('[0,1]');
      expect(first.body.map((delivery) => delivery.id)).toEqual(all.body.slice(0, 2).map((delivery) => delivery.id));
      expect(first.headers.get('content-range')).toBe(`storefront-webhook-deliveries 0-1/${total}`);
      const second = await page('[2,3]');
      expect(second.body.map((delivery) => delivery.id)).toEqual(all.body.slice(2, 4).map((delivery) => delivery.id));
      // Sorted and filtered by the record's fields, as every list.
      const oldest = await page('[0,0]', `&sort=${encodeURIComponent('["id","ASC"]')}`);
      expect(oldest.body[0]!.id).toBe(Math.min(...all.body.map((delivery) => delivery.id)));
      const failed = await page('[0,99]', `&filter=${encodeURIComponent(JSON.stringify({ status: 'failed' }))}`);
      expect(failed.body.length).toBeGreaterThan(0);
      expect(failed.body.every((delivery) => delivery.status === 'failed')).toBe(true);
      expect(failed.headers.get('content-range')).toMatch(new RegExp(`/${failed.body.length}$`));
      // A malformed page or an unknown field is a 400, never a 500.
      expect((await page('[3,1]')).status).toBe(400);
      expect((await page('[0,1]', `&sort=${encodeURIComponent('["payload","ASC"]')}`)).status).toBe(400);
    });

    it('answers another mandant’s storefront, endpoint and delivery exactly like missing ones', async () => {
      const [delivery] = await deliveries();
      const own = (await as<StorefrontRecord>(OTHER_ADMIN, 'POST', '/api/storefronts', { name: 'Printco Hook-Shop' }))
        .body;
      await likeMissing('GET', `${base()}/webhooks`, `/api/storefronts/${MISSING}/webhooks`);
      await likeMissing('GET', `${base()}/webhook-deliveries`, `/api/storefronts/${MISSING}/webhook-deliveries`);
      await likeMissing('POST', `${base()}/webhooks`, `/api/storefronts/${MISSING}/webhooks`, { url: receiverUrl });
      await likeMissing(
        'DELETE',
        `${base()}/webhooks/${endpoint.id}`,
        `/api/storefronts/${MISSING}/webhooks/${endpoint.id}`,
      );
      await likeMissing(
        'POST',
        `${base()}/webhook-deliveries/${delivery!.id}/resend`,
        `/api/storefronts/${MISSING}/webhook-deliveries/${delivery!.id}/resend`,
      );
      // A's endpoint and delivery ids under B's own storefront.
      await likeMissing(
        'DELETE',
        `/api/storefronts/${own.id}/webhooks/${endpoint.id}`,
        `/api/storefronts/${own.id}/webhooks/${MISSING}`,
      );
      await likeMissing(
        'POST',
        `/api/storefronts/${own.id}/webhook-deliveries/${delivery!.id}/resend`,
        `/api/storefronts/${own.id}/webhook-deliveries/${MISSING}/resend`,
      );
      expect((await as<unknown[]>(OTHER_ADMIN, 'GET', `/api/storefronts/${own.id}/webhook-deliveries`)).body).toEqual(
        [],
      );
      expect((await as<StorefrontWebhookRecord[]>(ADMIN, 'GET', `${base()}/webhooks`)).body).toHaveLength(1);
    });

    it('deletes an endpoint with its deliveries; nothing more is sent to it', async () => {
      expect((await as(ADMIN, 'DELETE', `${base()}/webhooks/${endpoint.id}`)).status).toBe(204);
      expect((await as(ADMIN, 'DELETE', `${base()}/webhooks/${endpoint.id}`)).status).toBe(404);
      expect(await deliveries()).toEqual([]);
      receiver.received.length = 0;
      await order();
      await worker().runDue();
      expect(receiver.received).toHaveLength(0);
    });
  },
  { env: { WEBHOOK_POLL_SECONDS: '0' } },
);
