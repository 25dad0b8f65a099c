/**
 * Every list endpoint answers the ra-data-simple-rest dialect the same way, because they all go through the one
 * list engine (server/http/list-query.ts): sort with the id breaking ties, range, Content-Range, `q`, id arrays
 * and a 400 for a filter the list does not know. One table of lists, one set of checks for each.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, type TestContext } from '../harness';

type Row = { id: number | string } & Record<string, unknown>;

interface ListSpec {
  /** URL segment and Content-Range unit. */
  name: string;
  login: string;
  /** A column with repeated values, so the tie-break shows. */
  tieField: string;
  /** Text `q` finds in some but not all records. */
  q: string;
  /** Records of the list, made by the test where the demo data has none. */
  seed?: (ctx: TestContext) => Promise<void>;
}

const STAMP = '2020-01-01T00:00:00.000Z';

const LISTS: ListSpec[] = [
  // registerRestResource
  { name: 'users', login: 'admin@kontor.example', tieField: 'role', q: 'PRINTCO' },
  // registerReadOnlyResource
  { name: 'factors', login: 'editor@muster.example', tieField: 'category', q: 'electricity' },
  // imports/resource.ts
  {
    name: 'imports',
    login: 'admin@muster.example',
    tieField: 'status',
    q: 'ENGINE-B',
    async seed(ctx) {
      const mandant = await ctx.mandantId('muster');
      const files = ['engine-a.csv', 'engine-b.csv', 'engine-b2.csv', 'engine-c.csv', 'engine-d.csv'];
      await ctx.db
        .insertInto('imports')
        .values(
          files.map((file_name, i) => ({
            mandant_id: mandant,
            created_by: null,
            file_name,
            template_id: 'brochure',
            template_version: 1,
            database_id: null,
            mapping: '{}',
            mode: 'all_or_nothing' as const,
            status: i % 2 === 0 ? ('succeeded' as const) : ('failed' as const),
            encoding: null,
            delimiter: null,
            rows_total: 1,
            rows_ok: 1,
            rows_failed: 0,
            message: null,
            created_at: STAMP,
            updated_at: STAMP,
            finished_at: STAMP,
          })),
        )
        .execute();
    },
  },
  // protocol/routes.ts: entries written in the same millisecond tie on the default sort field `at`
  {
    name: 'protocol',
    login: 'admin@muster.example',
    tieField: 'at',
    q: 'engine probe',
    async seed(ctx) {
      const mandant = await ctx.mandantId('muster');
      await ctx.db
        .insertInto('protocol')
        .values(
          [1, 2, 3, 4, 5, 6].map((n) => ({
            at: n === 6 ? '2020-01-02T00:00:00.000Z' : STAMP,
            mandant_id: mandant,
            user_id: null,
            user_email: null,
            user_name: null,
            action: 'created',
            resource: 'list-engine',
            record_id: String(n),
            record_label: n === 6 ? 'Another entry' : `Engine probe ${n}`,
            summary: '{}',
            changes: null,
            ip: null,
          })),
        )
        .execute();
    },
  },
  // templates/routes.ts: records from the registry, paged in memory
  { name: 'templates', login: 'admin@kontor.example', tieField: 'type', q: 'bro' },
];

const query = (params: Record<string, unknown>) =>
  `?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, JSON.stringify(v)])).toString()}`;

/** Ids in list order; string ids (templates) compare as the server does. */
const before = (a: Row['id'], b: Row['id']) =>
  typeof a === 'number' && typeof b === 'number' ? a < b : String(a).localeCompare(String(b)) < 0;

describeEachDatabase('one list engine behind every list', (ctx) => {
  const tokens = new Map<string, string>();
  const get = async (spec: ListSpec, params: Record<string, unknown>) => {
    const res = await ctx.request<Row[] & { message?: string; errors?: Record<string, string> }>(
      'GET',
      `/api/${spec.name}${query(params)}`,
      {
        token: tokens.get(spec.login),
      },
    );
    return { status: res.status, body: res.body, range: res.headers.get('content-range') };
  };

  beforeAll(async () => {
    for (const spec of LISTS) {
      await spec.seed?.(ctx);
      if (!tokens.has(spec.login)) tokens.set(spec.login, await ctx.login(spec.login));
    }
  });

  describe.each(LISTS.map((spec) => [spec.name, spec] as const))('/api/%s', (_name, spec) => {
    it('sorts by a column, the id breaking ties in the same direction', async () => {
      for (const order of ['ASC', 'DESC'] as const) {
        const res = await get(spec, { sort: [spec.tieField, order], range: [0, 999] });
        expect(res.status).toBe(200);
        const rows = res.body;
        let ties = 0;
        const seen = new Set<unknown>();
        for (let i = 1; i < rows.length; i++) {
          const [prev, row] = [rows[i - 1]!, rows[i]!];
          if (row[spec.tieField] === prev[spec.tieField]) {
            ties++;
            expect(
              order === 'ASC' ? before(prev.id, row.id) : before(row.id, prev.id),
              `${spec.name} ${order} ${prev.id}/${row.id}`,
            ).toBe(true);
          } else {
            // Equal values stand together: a value never comes back after another one.
            expect(seen.has(row[spec.tieField])).toBe(false);
            seen.add(prev[spec.tieField]);
          }
        }
        expect(ties).toBeGreaterThan(0);
      }
    });

    it('pages with range: the pages add up to the list, Content-Range tells the slice and the total', async () => {
      const full = await get(spec, { sort: [spec.tieField, 'DESC'], range: [0, 999] });
      const total = Number(/\/(\d+)$/.exec(full.range ?? '')?.[1]);
      expect(full.range).toBe(`${spec.name} 0-${full.body.length - 1}/${total}`);
      const first = full.body.slice(0, 6).map((r) => r.id);
      const paged: Row['id'][] = [];
      for (let start = 0; start < first.length; start += 2) {
        const page = await get(spec, { sort: [spec.tieField, 'DESC'], range: [start, start + 1] });
        expect(page.range).toBe(`${spec.name} ${start}-${start + page.body.length - 1}/${total}`);
        paged.push(...page.body.map((r) => r.id));
      }
      expect(paged).toEqual(first);
      const beyond = await get(spec, { range: [total + 10, total + 11] });
      expect(beyond.status).toBe(200);
      expect(beyond.body).toEqual([]);
      expect(beyond.range).toBe(`${spec.name} */${total}`);
    });

    it('searches with q, in any case, and counts only the matches', async () => {
      const all = await get(spec, { range: [0, 999] });
      const found = await get(spec, { filter: { q: spec.q }, range: [0, 999] });
      expect(found.status).toBe(200);
      expect(found.body.length).toBeGreaterThan(0);
      expect(found.body.length).toBeLessThan(all.body.length);
      for (const row of found.body) expect(JSON.stringify(row).toLowerCase()).toContain(spec.q.toLowerCase());
      expect(found.range).toBe(`${spec.name} 0-${found.body.length - 1}/${found.body.length}`);
      const none = await get(spec, { filter: { q: 'no-such-text-%_' } });
      expect(none.body).toEqual([]);
      expect(none.range).toBe(`${spec.name} */0`);
    });

    it('answers an id array with exactly those records (getMany), an empty one with none', async () => {
      const all = await get(spec, { sort: ['id', 'ASC'], range: [0, 999] });
      const wanted = [all.body.at(-1)!.id, all.body[0]!.id];
      const many = await get(spec, { filter: { id: wanted } });
      expect(many.status).toBe(200);
      expect(many.body.map((r) => r.id).sort()).toEqual([...wanted].sort());
      expect(many.range).toBe(`${spec.name} 0-1/2`);
      const empty = await get(spec, { filter: { id: [] } });
      expect(empty.body).toEqual([]);
      expect(empty.range).toBe(`${spec.name} */0`);
    });

    it('answers 400 naming the key for a filter or sort field the list does not know', async () => {
      const filter = await get(spec, { filter: { no_such_column: 1 } });
      expect(filter.status).toBe(400);
      expect(filter.body.errors).toHaveProperty(['filter.no_such_column']);
      const range = await get(spec, { filter: { no_such_column_gte: 1 } });
      expect(range.status).toBe(400);
      const sort = await get(spec, { sort: ['no_such_column', 'ASC'] });
      expect(sort.status).toBe(400);
      expect(sort.body.errors).toHaveProperty('sort');
      const badRange = await get(spec, { range: [5, 1] });
      expect(badRange.status).toBe(400);
      expect(badRange.body.errors).toHaveProperty('range');
    });
  });
});
