// An example shop for Kontor's storefront calculator (issue 39): what a shop's developer copies.
//   KONTOR_URL=http://127.0.0.1:3000 STORE_KEY=kontor_pk_… SECRET_KEY=kontor_sk_… node examples/storefront/server.mjs
// It serves the shop's page with the calculator (publishable key) and answers its checkout by ordering the
// calculation in Kontor with the secret key, which never leaves this server. The Idempotency-Key is the shop's own
// order reference: a retry (a timeout, a customer clicking twice) answers the first order again, never a second one.
// Kontor's webhooks (WEBHOOK_SECRET=whsec_…, endpoint <shop>/webhooks/kontor) are checked before they are believed.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const page = readFileSync(new URL('./index.html', import.meta.url), 'utf8');
const valueOf = (value) => (typeof value === 'function' ? value() : value);

/** Posts the order; retries once on a network fault or 5xx with the same Idempotency-Key. */
async function order(kontorUrl, secretKey, body) {
  const send = () =>
    fetch(`${kontorUrl}/api/storefront/v1/orders`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${secretKey}`,
        'Content-Type': 'application/json',
        'Idempotency-Key': `order-${body.reference}`,
      },
      body: JSON.stringify(body),
    });
  let response = await send().catch(() => null);
  if (!response || response.status >= 500) response = await send();
  return { status: response.status, body: await response.json() };
}

/**
 * Whether `Kontor-Signature: t=<unix>,v1=<hex>` signs the raw body: HMAC-SHA256 of `<t>.<body>` with the endpoint's
 * secret, t at most 5 minutes off. Copied from Kontor's src/server/storefronts/webhook-signature.ts, so that this
 * file runs with Node alone (a unit test keeps the two in step).
 */
export function verifyKontorSignature(secret, rawBody, header, nowSeconds = Math.floor(Date.now() / 1000)) {
  const pairs = String(header ?? '')
    .split(',')
    .map((part) => part.trim().split('='));
  const t = pairs.find(([key]) => key === 't')?.[1] ?? '';
  const signatures = pairs.filter(([key, value]) => key === 'v1' && /^[0-9a-f]{64}$/.test(value ?? ''));
  if (!/^\d{1,12}$/.test(t) || signatures.length === 0 || Math.abs(nowSeconds - Number(t)) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`, 'utf8').digest();
  return signatures.some(([, value]) => timingSafeEqual(Buffer.from(value, 'hex'), expected));
}

/**
 * `storeKey`, `secretKey`, `webhookSecret`: the storefront's publishable key, secret key and webhook signing secret (or
 * functions answering them); `onWebhook(event)` hears each verified event (the shop would mark its order here).
 */
export function createShop({
  kontorUrl,
  storeKey,
  secretKey = '',
  webhookSecret = '',
  onWebhook = () => {},
  lang = 'de',
}) {
  return createServer(async (request, response) => {
    const json = (status, body) =>
      response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    if (request.method === 'GET' && (request.url === '/' || request.url.startsWith('/?'))) {
      const asked = new URL(request.url, 'http://shop').searchParams.get('lang') ?? lang;
      const html = page
        .replaceAll('%KONTOR%', kontorUrl)
        .replaceAll('%STORE%', valueOf(storeKey))
        .replaceAll('%LANG%', asked);
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html);
      return;
    }
    if (request.method === 'POST' && request.url === '/checkout') {
      let body = '';
      for await (const chunk of request) body += chunk;
      const cart = JSON.parse(body || '{}');
      if (!cart.quote) return json(400, { message: 'Nothing to order yet.' });
      const { template = 'flyer', inputs, contribution = false, reference } = cart;
      const placed = await order(kontorUrl, valueOf(secretKey), { template, inputs, contribution, reference, lang });
      if (placed.status !== 201) return json(placed.status, { message: placed.body.message });
      const { calculation, verification_url } = placed.body;
      return json(200, { message: `Order ${reference}: ${calculation}`, calculation, verification_url });
    }
    if (request.method === 'POST' && request.url === '/webhooks/kontor') {
      let raw = '';
      for await (const chunk of request) raw += chunk;
      if (!verifyKontorSignature(valueOf(webhookSecret), raw, request.headers['kontor-signature']))
        return json(400, { message: 'Bad signature.' });
      // The same event may come twice (a retry, "send again"): a real shop keeps event.id and skips a known one.
      onWebhook(JSON.parse(raw));
      return json(200, { received: true });
    }
    response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env.PORT ?? 4000);
  createShop({
    kontorUrl: process.env.KONTOR_URL ?? 'http://127.0.0.1:3000',
    storeKey: process.env.STORE_KEY ?? '',
    secretKey: process.env.SECRET_KEY ?? '',
    webhookSecret: process.env.WEBHOOK_SECRET ?? '',
    onWebhook: (event) => console.log(`Kontor: ${event.type} for ${event.data.reference} (${event.data.calculation})`),
  }).listen(port, () => console.log(`Example shop on http://127.0.0.1:${port}`));
}
