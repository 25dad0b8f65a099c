/**
 * A storefront's webhooks (issue 39, item 4): events are written as deliveries in the transaction that makes them
 * (an idempotent replay of an order makes none), and a worker in every server process sends what is due.
 *
 * - Events: `contribution.ordered` (a shop's order with the climate contribution, storefronts/orders.ts) and
 *   `certificate.issued` (that order completed, orders/transitions.ts). The body names numbers, never database ids.
 * - Signed by webhook-signature.ts, anew at each attempt (the timestamp is the attempt's).
 * - An attempt is a POST with a 5 s timeout, redirects not followed (a 3xx is a failed attempt), and at most 2 KB of
 *   the answer read and kept. A 2xx delivers; anything else is retried after 30 s, 2 min, 10 min, 1 h and 6 h, and
 *   after the sixth attempt the delivery has failed (a person may send it again from the back office).
 * - Several processes on one PostgreSQL: a process claims a due row with one conditional UPDATE (its lease
 *   `claimed_until`, 60 s, far beyond the timeout), so of two processes one wins and the other skips the row. A
 *   process that dies while sending leaves a lease that runs out: the row is tried again then.
 * - The clock is injectable (`setClock`), so tests move time instead of waiting for the back-off.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  STOREFRONT_CHANNEL_PREFIX,
  type OrderRecord,
  type StorefrontWebhookPayload,
  type WebhookEvent,
} from '../../core/api';
import type { DatabaseSchema } from '../db/schema';
import { rowsOfMandant } from '../http/tenant-scope';
import { verifyUrl } from '../reports/verify-url';
import type { WebhookWorker } from '../services';
import { SIGNATURE_HEADER, signWebhook } from './webhook-signature';
import './schema';

/** Seconds before the 2nd, 3rd, … attempt. */
export const WEBHOOK_RETRY_DELAYS_S = [30, 120, 600, 3600, 21_600] as const;
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_S.length + 1;
export const WEBHOOK_TIMEOUT_MS = 5000;
export const WEBHOOK_RESPONSE_EXCERPT_BYTES = 2048;
const LEASE_MS = 60_000;
/** Rows claimed per round; a round sends them side by side. */
const BATCH = 10;
/** Rounds per run at most: a backlog is worked off by the next runs rather than one endless one. */
const ROUNDS = 20;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Writes the event as one pending delivery per endpoint of the storefront (in the caller's transaction); answers how
 * many. The worker is woken by the caller once the transaction has committed.
 */
export async function enqueueWebhookEvent(
  trx: Kysely<DatabaseSchema>,
  storefrontId: number,
  type: WebhookEvent,
  data: StorefrontWebhookPayload['data'],
  now = new Date().toISOString(),
): Promise<number> {
  const endpoints = await trx
    .selectFrom('storefront_webhooks')
    .select(['id', 'mandant_id'])
    .where('storefront_id', '=', storefrontId)
    .orderBy('id')
    .execute();
  if (endpoints.length === 0) return 0;
  const payload: StorefrontWebhookPayload = {
    id: `evt_${randomBytes(16).toString('hex')}`,
    type,
    created: now,
    data,
  };
  await trx
    .insertInto('storefront_webhook_deliveries')
    .values(
      endpoints.map((endpoint) => ({
        webhook_id: endpoint.id,
        storefront_id: storefrontId,
        mandant_id: endpoint.mandant_id,
        event_id: payload.id,
        event_type: type,
        payload: JSON.stringify(payload),
        ...pendingDelivery(now),
        created_at: now,
      })),
    )
    .execute();
  return endpoints.length;
}

/** The state of a delivery not tried yet, due at `now`: a new event's and one sent again alike. */
export const pendingDelivery = (now: string) =>
  ({
    status: 'pending',
    attempts: 0,
    next_attempt_at: now,
    claimed_until: null,
    last_attempt_at: null,
    response_code: null,
    response_body: null,
    error: null,
  }) as const;

/** At most `limit` bytes of a body, read no further; a character cut at the end is dropped. */
async function bodyExcerpt(body: ReadableStream<Uint8Array> | null, limit: number): Promise<string> {
  if (!body) return '';
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  let text = new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks).subarray(0, limit));
  while (Buffer.byteLength(text, 'utf8') > limit || text.endsWith('\uFFFD')) text = text.slice(0, -1);
  return text;
}

export interface AttemptResult {
  code: number | null;
  body: string | null;
  error: 'timeout' | 'network' | 'redirect' | null;
}

/** One POST of a signed body: its status and excerpt, or why there was none. */
export async function postWebhook(
  url: string,
  payload: string,
  signature: string,
  meta: { eventId: string; eventType: string },
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): Promise<AttemptResult> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      signal,
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': 'Kontor-Webhooks/1',
        [SIGNATURE_HEADER]: signature,
        'Kontor-Event': meta.eventType,
        'Kontor-Event-Id': meta.eventId,
      },
      body: payload,
    });
    const body = await bodyExcerpt(response.body, WEBHOOK_RESPONSE_EXCERPT_BYTES);
    const redirect = response.status >= 300 && response.status < 400;
    return { code: response.status, body, error: redirect ? 'redirect' : null };
  } catch {
    return { code: null, body: null, error: signal.aborted ? 'timeout' : 'network' };
  }
}

export interface WebhookWorkerOptions {
  db: Kysely<DatabaseSchema>;
  log: FastifyBaseLogger;
  /** How often to look for due retries (0: only when woken). */
  pollMs: number;
  now?: () => number;
  post?: typeof postWebhook;
}

export function createWebhookWorker(options: WebhookWorkerOptions): WebhookWorker {
  const { db, log, post = postWebhook } = options;
  let clock = options.now ?? Date.now;
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;

  /** Takes the row if it is still due and unclaimed: one UPDATE, so one process of several wins it. */
  const claim = async (id: number, nowMs: number): Promise<boolean> => {
    const now = iso(nowMs);
    const claimed = await db
      .updateTable('storefront_webhook_deliveries')
      .set((eb) => ({ claimed_until: iso(nowMs + LEASE_MS), attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
      .executeTakeFirst();
    return Number(claimed.numUpdatedRows) === 1;
  };

  const attempt = async (id: number): Promise<void> => {
    const nowMs = clock();
    if (!(await claim(id, nowMs))) return;
    const row = await db
      .selectFrom('storefront_webhook_deliveries as d')
      .innerJoin('storefront_webhooks as w', 'w.id', 'd.webhook_id')
      .select(['d.id', 'd.payload', 'd.attempts', 'd.event_id', 'd.event_type', 'w.url', 'w.secret'])
      .where('d.id', '=', id)
      .executeTakeFirst();
    if (!row) return;
    const signature = signWebhook(row.secret, row.payload, Math.floor(nowMs / 1000));
    const result = await post(row.url, row.payload, signature, { eventId: row.event_id, eventType: row.event_type });
    const delivered = result.error === null && result.code !== null && result.code >= 200 && result.code < 300;
    const attempts = Number(row.attempts);
    const delay = WEBHOOK_RETRY_DELAYS_S[attempts - 1];
    const status = delivered ? 'delivered' : delay === undefined ? 'failed' : 'pending';
    await db
      .updateTable('storefront_webhook_deliveries')
      .set({
        status,
        claimed_until: null,
        last_attempt_at: iso(nowMs),
        next_attempt_at: status === 'pending' ? iso(nowMs + delay! * 1000) : null,
        response_code: result.code,
        response_body: result.body,
        error: result.error,
      })
      .where('id', '=', id)
      .execute();
  };

  const run = async (): Promise<number> => {
    let made = 0;
    for (let round = 0; round < ROUNDS && !stopped; round += 1) {
      const now = iso(clock());
      const due = await db
        .selectFrom('storefront_webhook_deliveries')
        .select('id')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(BATCH)
        .execute();
      if (due.length === 0) break;
      await Promise.all(due.map((row) => attempt(Number(row.id))));
      made += due.length;
      if (due.length < BATCH) break;
    }
    return made;
  };

  const runDue = (): Promise<number> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let made = 0;
      try {
        do {
          again = false;
          made += await run();
        } while (again && !stopped);
      } catch (err) {
        log.error({ err }, 'sending webhooks failed');
      } finally {
        running = null;
      }
      return made;
    })();
    return running;
  };

  const timer =
    options.pollMs > 0
      ? setInterval(() => {
          if (!running) void runDue();
        }, options.pollMs)
      : null;
  timer?.unref();

  return {
    wake() {
      if (!stopped) setImmediate(() => void runDue());
    },
    runDue,
    async idle() {
      while (running) await running;
    },
    now: () => clock(),
    setClock(now) {
      clock = now;
    },
    stop() {
      stopped = true;
      if (timer) clearInterval(timer);
    },
  };
}

/**
 * `certificate.issued` for a completed order that came from a storefront (orders/transitions.ts, in its transaction):
 * the order's and its calculation's numbers and the calculation's verification page, as the shop knows them.
 */
export async function enqueueCertificateIssued(
  trx: Kysely<DatabaseSchema>,
  order: OrderRecord,
  publicUrl: string,
): Promise<number> {
  if (!order.channel?.startsWith(STOREFRONT_CHANNEL_PREFIX) || order.calculation_id === null) return 0;
  const storefrontId = Number(order.channel.slice(STOREFRONT_CHANNEL_PREFIX.length));
  if (!Number.isSafeInteger(storefrontId)) return 0;
  const storefront = await trx
    .selectFrom('storefronts')
    .select('id')
    .where('id', '=', storefrontId)
    .where('mandant_id', '=', order.mandant_id)
    .executeTakeFirst();
  if (!storefront) return 0;
  const calculation = await trx
    .selectFrom('calculations')
    .select('number')
    .where(rowsOfMandant(order.mandant_id, order.calculation_id))
    .executeTakeFirst();
  const page = await trx
    .selectFrom('publications')
    .select('token')
    .where('mandant_id', '=', order.mandant_id)
    .where('subject_type', '=', 'calculations')
    .where('subject_id', '=', order.calculation_id)
    .where('revoked_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return enqueueWebhookEvent(trx, storefrontId, 'certificate.issued', {
    calculation: calculation?.number ?? '',
    order: order.number,
    reference: order.channel_reference,
    channel: order.channel,
    certificate: order.certificate_number,
    verification_url: page ? verifyUrl(publicUrl, page.token) : null,
  });
}
