// An example shop for Kontor's storefront calculator (issue 39): what a shop's developer copies.
//   KONTOR_URL=http://127.0.0.1:3000 STORE_KEY=kontor_pk_… node examples/storefront/server.mjs
// It serves the shop's page with the calculator and answers its checkout. Ordering the calculation with a secret key
// (`POST /api/storefront/v1/orders`) is not part of Kontor yet: the checkout says so instead of pretending.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const page = readFileSync(new URL('./index.html', import.meta.url), 'utf8');

/** `storeKey`: the storefront's publishable key (or a function answering it). */
export function createShop({ kontorUrl, storeKey, lang = 'de' }) {
  return createServer(async (request, response) => {
    if (request.method === 'GET' && (request.url === '/' || request.url.startsWith('/?'))) {
      const asked = new URL(request.url, 'http://shop').searchParams.get('lang') ?? lang;
      const html = page
        .replaceAll('%KONTOR%', kontorUrl)
        .replaceAll('%STORE%', typeof storeKey === 'function' ? storeKey() : storeKey)
        .replaceAll('%LANG%', asked);
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html);
      return;
    }
    if (request.method === 'POST' && request.url === '/checkout') {
      let body = '';
      for await (const chunk of request) body += chunk;
      const order = JSON.parse(body || '{}');
      const message = order.quote
        ? `Order ${order.reference}: ${order.quote.kg_co2e.toFixed(1)} kg CO2e noted (ordering through Kontor's secret key is not built yet).`
        : 'Nothing to order yet.';
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ message }));
      return;
    }
    response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env.PORT ?? 4000);
  createShop({
    kontorUrl: process.env.KONTOR_URL ?? 'http://127.0.0.1:3000',
    storeKey: process.env.STORE_KEY ?? '',
  }).listen(port, () => console.log(`Example shop on http://127.0.0.1:${port}`));
}
