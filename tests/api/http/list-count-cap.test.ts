/**
 * Lists that grow without bound count exactly only up to LIST_COUNT_CAP (issue #22 item 4): past it
 * `Content-Range` says `*` (react-admin then pages without a total), except on the last page, whose end
 * is the exact total. Filters narrower than the cap keep their exact count.
 */
import { insertCalculations, selectCalculations } from '../../../src/server/calculations/state';
import { beforeAll, expect, it } from 'vitest';
import type { CalculationRecord } from '../../../src/core/api';
import { LIST_COUNT_CAP } from '../../../src/core/lists/count-cap';
import { describeEachDatabase, type TestContext } from '../harness';

const EXTRA = LIST_COUNT_CAP + 30;
const list = (params: Record<string, unknown>) =>
  `/api/calculations?${new URLSearchParams(Object.fromEntries(Object.entries(params).map(([k, v]) => [k, JSON.stringify(v)]))).toString()}`;

describeEachDatabase('calculations past the count cap', (ctx: TestContext) => {
  let token = '';
  let before = 0;

  beforeAll(async () => {
    token = await ctx.login('viewer@muster.example');
    const mandant = await ctx.mandantId('muster');
    const model = await selectCalculations(ctx.db)
      .where('calculations.mandant_id', '=', mandant)
      .orderBy('calculations.id')
      .executeTakeFirstOrThrow();
    before = Number(
      (
        await ctx.db
          .selectFrom('calculations')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('mandant_id', '=', mandant)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const { id: _id, ...read } = model;
    // PostgreSQL hands jsonb back parsed; written back it must be text again.
    const columns = Object.fromEntries(
      Object.entries(read).map(([k, v]) => [k, v !== null && typeof v === 'object' ? JSON.stringify(v) : v]),
    ) as typeof read;
    for (let start = 0; start < EXTRA; start += 500) {
      const rows = Array.from({ length: Math.min(500, EXTRA - start) }, (_, i) => ({
        ...columns,
        number: `CAP-${start + i}`,
        title: `Massenkalkulation ${start + i}`,
        template_id: start + i < 40 ? 'cap-test' : columns.template_id,
      }));
      await insertCalculations(ctx.db, rows);
    }
  }, 120_000);

  it('says * past the cap, and the exact total on the last page', async () => {
    const total = before + EXTRA;
    const first = await ctx.request<CalculationRecord[]>('GET', list({ sort: ['id', 'DESC'], range: [0, 24] }), {
      token,
    });
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(25);
    expect(first.headers.get('content-range')).toBe('calculations 0-24/*');
    const last = await ctx.request<CalculationRecord[]>(
      'GET',
      list({ sort: ['id', 'DESC'], range: [total - 10, total + 14] }),
      { token },
    );
    expect(last.body).toHaveLength(10);
    expect(last.headers.get('content-range')).toBe(`calculations ${total - 10}-${total - 1}/${total}`);
    const beyond = await ctx.request<CalculationRecord[]>('GET', list({ range: [total + 100, total + 124] }), {
      token,
    });
    expect(beyond.body).toEqual([]);
    expect(beyond.headers.get('content-range')).toBe('calculations */*');
  });

  it('counts a filter or search below the cap exactly', async () => {
    const narrow = await ctx.request<CalculationRecord[]>(
      'GET',
      list({ filter: { template_id: 'cap-test' }, range: [0, 9] }),
      { token },
    );
    expect(narrow.headers.get('content-range')).toBe('calculations 0-9/40');
    const searched = await ctx.request<CalculationRecord[]>(
      'GET',
      list({ filter: { q: 'massenkalkulation 1000' }, range: [0, 24] }),
      { token },
    );
    // "Massenkalkulation 1000" and 10000 … 10009.
    expect(searched.headers.get('content-range')).toBe('calculations 0-10/11');
    const wide = await ctx.request<CalculationRecord[]>('GET', list({ filter: { q: 'massenkalk' }, range: [0, 24] }), {
      token,
    });
    expect(wide.headers.get('content-range')).toBe('calculations 0-24/*');
  });

  it('keeps other mandants out of the count', async () => {
    const other = await ctx.login('viewer@printco.example');
    const res = await ctx.request<CalculationRecord[]>('GET', list({ range: [0, 24] }), { token: other });
    expect(res.headers.get('content-range')).toMatch(/^calculations 0-\d+\/\d+$/);
  });
});
