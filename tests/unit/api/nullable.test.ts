/** `Nullable` in the contract (src/core/api/schema.ts): null passes beside the schema's own values, enums included. */
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { Nullable, StringEnum, Type } from '../../../src/core/api/schema';
import { StorefrontWebhookDeliveryRecord } from '../../../src/core/api/storefronts';

const ajv = new Ajv({ strict: false });

describe('Nullable', () => {
  it('admits null and the values of an enum, and nothing else', () => {
    const check = ajv.compile(Nullable(StringEnum(['timeout', 'network'] as const)));
    expect([check(null), check('timeout'), check('network')]).toEqual([true, true, true]);
    expect([check('other'), check(1)]).toEqual([false, false]);
  });

  it('admits null beside a scalar type', () => {
    const check = ajv.compile(Nullable(Type.Integer()));
    expect([check(null), check(3), check('3')]).toEqual([true, true, false]);
  });

  it('lets a webhook delivery without an error through the contract', () => {
    const check = ajv.compile(StorefrontWebhookDeliveryRecord);
    const delivery = {
      id: 1,
      webhook_id: 2,
      url: 'https://shop.example/hook',
      event_id: 'evt_1',
      event_type: 'contribution.ordered',
      status: 'delivered',
      attempts: 1,
      next_attempt_at: null,
      last_attempt_at: '2026-11-29T07:00:00.000Z',
      response_code: 200,
      response_body: 'ok',
      error: null,
      created_at: '2026-11-29T07:00:00.000Z',
    };
    expect(check(delivery), JSON.stringify(check.errors)).toBe(true);
    expect(check({ ...delivery, error: 'teapot' })).toBe(false);
  });
});
