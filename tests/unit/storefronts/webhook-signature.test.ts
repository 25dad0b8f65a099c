/**
 * Webhook signatures (issue 39): Kontor signs `<t>.<raw body>` with HMAC-SHA256; the server's check and the example
 * shop's copy (examples/storefront/server.mjs, what a shop's developer copies) accept exactly the same signatures:
 * a fresh one, and neither a tampered body, another secret, an old or future timestamp, nor a malformed header.
 */
import { describe, expect, it } from 'vitest';
import {
  signWebhook,
  SIGNATURE_TOLERANCE_SECONDS,
  verifyWebhookSignature,
} from '../../../src/server/storefronts/webhook-signature';
// @ts-expect-error: the example is plain JavaScript, as a shop's developer copies it
import { verifyKontorSignature } from '../../../examples/storefront/server.mjs';

const SECRET = 'whsec_test-secret-0123456789';
const BODY = JSON.stringify({ id: 'evt_1', type: 'contribution.ordered', data: { reference: 'Bestellung «42» – ü' } });
const NOW = 1_795_000_000;

const exampleVerifies = (secret: string, body: string, header: string, now: number): boolean =>
  (verifyKontorSignature as (s: string, b: string, h: string, n: number) => boolean)(secret, body, header, now);

describe('webhook signature', () => {
  const header = signWebhook(SECRET, BODY, NOW);

  it('has the form t=<unix>,v1=<64 hex> and verifies on both sides', () => {
    expect(header).toMatch(/^t=1795000000,v1=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(SECRET, BODY, header, NOW)).toEqual({ ok: true, timestamp: NOW });
    expect(exampleVerifies(SECRET, BODY, header, NOW + 10)).toBe(true);
  });

  it('refuses a tampered body and another secret', () => {
    const tampered = BODY.replace('42', '43');
    expect(verifyWebhookSignature(SECRET, tampered, header, NOW)).toEqual({ ok: false, reason: 'mismatch' });
    expect(exampleVerifies(SECRET, tampered, header, NOW)).toBe(false);
    expect(verifyWebhookSignature(`${SECRET}x`, BODY, header, NOW)).toEqual({ ok: false, reason: 'mismatch' });
    expect(exampleVerifies(`${SECRET}x`, BODY, header, NOW)).toBe(false);
  });

  it('refuses a timestamp beyond the tolerance, either way, and a timestamp swapped into an old signature', () => {
    const late = NOW + SIGNATURE_TOLERANCE_SECONDS + 1;
    expect(verifyWebhookSignature(SECRET, BODY, header, late)).toEqual({ ok: false, reason: 'expired' });
    expect(exampleVerifies(SECRET, BODY, header, late)).toBe(false);
    expect(verifyWebhookSignature(SECRET, BODY, header, NOW - SIGNATURE_TOLERANCE_SECONDS - 1).ok).toBe(false);
    expect(verifyWebhookSignature(SECRET, BODY, header, NOW + SIGNATURE_TOLERANCE_SECONDS).ok).toBe(true);
    // A replay with a fresh t but the old v1 does not match: the timestamp is part of what is signed.
    const replayed = header.replace(`t=${NOW}`, `t=${late}`);
    expect(verifyWebhookSignature(SECRET, BODY, replayed, late)).toEqual({ ok: false, reason: 'mismatch' });
    expect(exampleVerifies(SECRET, BODY, replayed, late)).toBe(false);
  });

  it('accepts any of several v1 signatures (secret rotation) and refuses malformed headers', () => {
    const other = signWebhook('whsec_other', BODY, NOW).split(',')[1];
    const two = `${header},${other}`;
    expect(verifyWebhookSignature(SECRET, BODY, two, NOW).ok).toBe(true);
    expect(exampleVerifies(SECRET, BODY, two, NOW)).toBe(true);
    for (const bad of ['', 'v1=abc', `t=${NOW}`, `t=abc,${header.split(',')[1]}`, `t=${NOW},v1=zz`, 'x'.repeat(2000)]) {
      expect(verifyWebhookSignature(SECRET, BODY, bad, NOW).ok, bad).toBe(false);
      expect(exampleVerifies(SECRET, BODY, bad, NOW), bad).toBe(false);
    }
    expect(verifyWebhookSignature(SECRET, BODY, undefined, NOW)).toEqual({ ok: false, reason: 'malformed' });
  });
});
