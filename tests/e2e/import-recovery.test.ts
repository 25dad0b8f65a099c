/**
 * kill -9 in the middle of an import: the built server is killed while a valid_rows import (which commits batch by
 * batch) is still receiving its file. Started again on the same database, it has removed what the import had
 * committed — the whole import or none of it — and the importer's history shows the import as failed, saying why.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportRecord } from '../../src/core/api';
import {
  apiToken,
  browserAvailable,
  launchBrowser,
  screenshot,
  signedInPage,
  startServer,
  stepsInOrder,
  type RunningServer,
} from './harness';
import { slowdown } from '../support/load';

const ROWS_BEFORE_KILL = 1_200;

/**
 * A CSV upload that sends its first rows and then keeps the request open, as a large file still on its way does.
 * Its size is declared (`length`, more than it sends before the kill): an upload of undeclared size is received
 * whole before the import starts.
 */
function unfinishedUpload(signal: AbortSignal): { body: ReadableStream<Uint8Array>; length: number } {
  const lines = ['Titel;Auflage;Seiten'];
  for (let i = 0; i < ROWS_BEFORE_KILL; i++) lines.push(`Abgebrochen ${i};1.000;16`);
  const content = new TextEncoder().encode(`${lines.join('\r\n')}\r\n`);
  let sent = false;
  return {
    length: content.byteLength + 1024,
    body: new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (!sent) {
          sent = true;
          controller.enqueue(content);
          return;
        }
        while (!signal.aborted) await new Promise((resolve) => setTimeout(resolve, 100));
        controller.close();
      },
    }),
  };
}

async function importsNamed(server: RunningServer, token: string, file: string): Promise<ImportRecord[]> {
  const filter = encodeURIComponent(JSON.stringify({ q: file }));
  const res = await fetch(`${server.baseUrl}/api/imports?filter=${filter}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return (await res.json()) as ImportRecord[];
}

async function calculationCount(server: RunningServer, token: string, q: string): Promise<number> {
  const filter = encodeURIComponent(JSON.stringify({ q }));
  const res = await fetch(`${server.baseUrl}/api/calculations?filter=${filter}&range=${encodeURIComponent('[0,0]')}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return Number(res.headers.get('content-range')?.split('/')[1] ?? NaN);
}

describe.runIf(browserAvailable())('an import whose server is killed', () => {
  stepsInOrder();
  let first: RunningServer;
  let second: RunningServer | undefined;
  let browser: Browser;
  const abort = new AbortController();

  beforeAll(async () => {
    [first, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    abort.abort();
    await browser?.close();
    await second?.stop();
    await first?.stop();
  });

  it('is killed while a valid_rows import has committed batches and is still receiving its file', async () => {
    const token = await apiToken(first.baseUrl, 'editor@muster.example');
    const params = new URLSearchParams({ template: 'brochure', mode: 'valid_rows', file_name: 'abgebrochen.csv' });
    const upload = unfinishedUpload(abort.signal);
    void fetch(`${first.baseUrl}/api/imports?${params}`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'text/csv',
        'Content-Length': String(upload.length),
      },
      body: upload.body,
      duplex: 'half',
      signal: abort.signal,
    } as RequestInit).catch(() => undefined);

    // Batches of 500 rows commit one by one: wait until two have, then kill the server.
    await expect
      .poll(async () => (await importsNamed(first, token, 'abgebrochen.csv'))[0]?.rows_ok ?? 0, {
        timeout: 30_000 * slowdown(),
      })
      .toBeGreaterThanOrEqual(1_000);
    expect(await calculationCount(first, token, 'Abgebrochen')).toBeGreaterThanOrEqual(1_000);
    await first.kill();
    abort.abort();
  });

  it('leaves none of the import after a restart on the same database, and records it as failed', async () => {
    second = await startServer({}, { dataDir: first.dataDir });
    const again = await apiToken(second.baseUrl, 'editor@muster.example');
    const [record] = await importsNamed(second, again, 'abgebrochen.csv');
    expect(record).toMatchObject({ status: 'failed', rows_ok: 0 });
    expect(await calculationCount(second, again, 'Abgebrochen')).toBe(0);
  });

  it('shows the import in the importer’s history as failed, saying why', async () => {
    const { page } = await signedInPage(browser, second!.baseUrl, 'editor@muster.example');
    await page.goto(`${second!.baseUrl}/importer`);
    const history = page.getByTestId('importer-history');
    await expect.poll(() => history.textContent(), { timeout: 15_000 * slowdown() }).toContain('abgebrochen.csv');
    expect(await history.textContent()).toContain('fehlgeschlagen');
    expect(await history.getByTestId('import-message').first().textContent()).toContain(
      'vom Import wurde nichts übernommen',
    );
    await screenshot(page, 'importer-after-kill');
  });
});
