/**
 * Signing a webhook and checking its signature, Stripe's way: `Kontor-Signature: t=<unix seconds>,v1=<hex>`, where
 * v1 is HMAC-SHA256 with the endpoint's secret over `<t>.<raw body>`. The timestamp is inside the signed text, so a
 * captured delivery cannot be replayed later than the tolerance (5 minutes) with a new timestamp. Receivers verify over
 * the raw bytes as received (never re-serialized JSON) and compare in constant time.
 *
 * The example shop (examples/storefront/server.mjs) carries its own copy of `verifyWebhookSignature`, since it is the
 * file a shop's developer copies and must run with Node alone; tests/unit/storefronts/webhook-signature.test.ts
 * proves both copies agree with `signWebhook`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'Kontor-Signature';
/** How far a signature's timestamp may be from the receiver's clock, either way. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const hmac = (secret: string, timestamp: number, rawBody: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex');

/** The header value for `rawBody` sent at `timestamp` (unix seconds). */
export function signWebhook(secret: string, rawBody: string, timestamp: number): string {
  return `t=${timestamp},v1=${hmac(secret, timestamp, rawBody)}`;
}

export type WebhookVerdict =
  { ok: true; timestamp: number } | { ok: false; reason: 'malformed' | 'expired' | 'mismatch' };

/**
 * Whether `header` signs `rawBody` with `secret` within the tolerance of `nowSeconds`. Several `v1=` may be present
 * (any one matching is enough); unknown schemes are ignored.
 */
export function verifyWebhookSignature(
  secret: string,
  rawBody: string,
  header: string | undefined | null,
  nowSeconds = Math.floor(Date.now() / 1000),
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): WebhookVerdict {
  if (typeof header !== 'string' || header.length > 1000) return { ok: false, reason: 'malformed' };
  const pairs = header.split(',').map((part) => part.trim().split('='));
  const t = pairs.find(([key]) => key === 't')?.[1];
  const signatures = pairs.filter(([key, value]) => key === 'v1' && /^[0-9a-f]{64}$/.test(value ?? ''));
  if (!t || !/^\d{1,12}$/.test(t) || signatures.length === 0) return { ok: false, reason: 'malformed' };
  const timestamp = Number(t);
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) return { ok: false, reason: 'expired' };
  const expected = Buffer.from(hmac(secret, timestamp, rawBody), 'hex');
  const matches = signatures.some(([, value]) => timingSafeEqual(Buffer.from(value!, 'hex'), expected));
  return matches ? { ok: true, timestamp } : { ok: false, reason: 'mismatch' };
}
