/**
 * The collections resource on both databases: CRUD, totals summed by the database against sums
 * computed here from the calculations, membership add/remove, duplicates, filters, tenant
 * isolation (another mandant's collection or calculation → 404, nothing changed), viewers read only,
 * and a protocol entry for every write.
 */
import { beforeAll, expect, it } from 'vitest';
import type { CalculationRecord, CollectionRecord, ProtocolEntryRecord } from '../../../src/core/api';
import { describeEachDatabase, type TestContext } from '../harness';

const q = (params: Record<string, string>) => `?${new URLSearchParams(params).toString()}`;
const filter = (value: object, extra: Record<string, string> = {}) => q({ filter: JSON.stringify(value), ...extra });
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describeEachDatabase('collections', (ctx: TestContext) => {
  const tokens: Record<string, string> = {};
  const token = async (email: string) => (tokens[email] ??= await ctx.login(email));
  const as = (email: string) => ({
    get: async <T = CollectionRecord>(url: string) => ctx.request<T>('GET', url, { token: await token(email) }),
    post: async <T = CollectionRecord>(url: string, body: object) =>
      ctx.request<T>('POST', url, { token: await token(email), body }),
    put: async <T = CollectionRecord>(url: string, body: object) =>
      ctx.request<T>('PUT', url, { token: await token(email), body }),
    del: async <T = CollectionRecord>(url: string, body?: object) =>
      ctx.request<T>('DELETE', url, { token: await token(email), body }),
  });
  const editor = as('editor@muster.example');
  const viewer = as('viewer@muster.example');
  const other = as('editor@printco.example');
  let muster: CalculationRecord[] = [];
  let printco: CalculationRecord[] = [];

  /** Fresh calculations (duplicates of the demo ones) so freezing them disturbs no other test. */
  const freshCalculations = async (n: number) => {
    const out: CalculationRecord[] = [];
    for (let i = 0; i < n; i++) {
      const res = await editor.post<CalculationRecord>('/api/calculations', {
        duplicated_from: muster[i % muster.length]!.id,
      });
      expect(res.status).toBe(201);
      out.push(res.body);
    }
    return out;
  };
  const storedIds = async (collectionId: number) =>
    (
      await ctx.db
        .selectFrom('collection_calculations')
        .select('calculation_id')
        .where('collection_id', '=', collectionId)
        .orderBy('calculation_id')
        .execute()
    ).map((r) => Number(r.calculation_id));
  const protocolOf = async (id: number) =>
    (
      await as('admin@muster.example').get<ProtocolEntryRecord[]>(
        `/api/protocol${filter({ resource: 'collections', record_id: String(id) }, { sort: '["id","ASC"]' })}`,
      )
    ).body;

  beforeAll(async () => {
    muster = (await editor.get<CalculationRecord[]>('/api/calculations?sort=["id","ASC"]')).body;
    printco = (await other.get<CalculationRecord[]>('/api/calculations?sort=["id","ASC"]')).body;
    expect(muster.length).toBeGreaterThanOrEqual(5);
    expect(printco.length).toBeGreaterThanOrEqual(1);
  });

  it('lists the demo collections of the own mandant with totals summed from their calculations', async () => {
    const res = await editor.get<CollectionRecord[]>('/api/collections?sort=["id","ASC"]&range=[0,24]');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toMatch(/^collections 0-\d+\/\d+$/);
    expect(res.body.length).toBeGreaterThanOrEqual(2);
    const mandant = await ctx.mandantId('muster');
    for (const collection of res.body) {
      expect(collection.mandant_id).toBe(mandant);
      const members = muster.filter((c) => collection.calculation_ids.includes(c.id));
      expect(members).toHaveLength(collection.calculation_ids.length);
      expect(collection.calculation_count).toBe(members.length);
      expect(collection.total_co2e).toBeCloseTo(sum(members.map((c) => c.total_co2e)), 6);
    }
  });

  it('creates, reads, updates (409 on a stale version) and deletes a collection', async () => {
    const [a, b, c] = await freshCalculations(3);
    const created = await editor.post('/api/collections', {
      name: '  Herbst 2026  ',
      description: 'Kataloge',
      tags: ['herbst', 'katalog', 'herbst'],
      calculation_ids: [a!.id, b!.id, a!.id],
      mandant_id: await ctx.mandantId('printco'),
      calculation_count: 99,
    });
    expect(created.status).toBe(201);
    const col = created.body;
    expect(col).toMatchObject({
      name: 'Herbst 2026',
      description: 'Kataloge',
      tags: ['herbst', 'katalog'],
      mandant_id: await ctx.mandantId('muster'),
      version: 1,
    });
    expect(col.calculation_ids).toEqual([a!.id, b!.id]);
    expect(col.calculation_count).toBe(2);
    expect(col.total_co2e).toBeCloseTo(a!.total_co2e + b!.total_co2e, 6);
    expect(col.ordered_co2e).toBe(0);
    expect(col.open_co2e).toBeCloseTo(col.total_co2e, 6);

    const read = await editor.get(`/api/collections/${col.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(col);

    const updated = await editor.put(`/api/collections/${col.id}`, {
      ...col,
      name: 'Herbst',
      calculation_ids: [b!.id, c!.id],
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Herbst', version: 2, calculation_count: 2 });
    expect([...updated.body.calculation_ids].sort((x, y) => x - y)).toEqual([b!.id, c!.id].sort((x, y) => x - y));
    expect(updated.body.total_co2e).toBeCloseTo(b!.total_co2e + c!.total_co2e, 6);

    const stale = await editor.put(`/api/collections/${col.id}`, { ...col, name: 'Zu spät' });
    expect(stale.status).toBe(409);
    const empty = await editor.put(`/api/collections/${col.id}`, { name: '   ' });
    expect(empty.status).toBe(400);

    // Only the membership changes: still a new version and a protocol entry.
    const onlyIds = await editor.put(`/api/collections/${col.id}`, { calculation_ids: [c!.id] });
    expect(onlyIds.status).toBe(200);
    expect(onlyIds.body.version).toBe(3);
    expect(onlyIds.body.calculation_ids).toEqual([c!.id]);

    const deleted = await editor.del(`/api/collections/${col.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ id: col.id, calculation_ids: [c!.id], calculation_count: 1 });
    expect((await editor.get(`/api/collections/${col.id}`)).status).toBe(404);
    expect(await storedIds(col.id)).toEqual([]);
    // The calculations themselves are untouched.
    expect((await editor.get(`/api/calculations/${c!.id}`)).status).toBe(200);

    const entries = await protocolOf(col.id);
    expect(entries.map((e) => e.action)).toEqual(['created', 'updated', 'updated', 'deleted']);
    expect(entries[0]!.summary.params).toMatchObject({ calculations_added: 2 });
    expect(entries[2]!.summary.params).toMatchObject({ calculations_removed: 1 });
  });

  it('splits the totals into ordered (frozen) and open amounts, summed by the database', async () => {
    const calcs = await freshCalculations(3);
    const col = (
      await editor.post('/api/collections', { name: 'Bestellt und offen', calculation_ids: calcs.map((c) => c.id) })
    ).body;
    await ctx.db.updateTable('calculations').set({ frozen: true }).where('id', '=', calcs[1]!.id).execute();
    const read = (await editor.get(`/api/collections/${col.id}`)).body;
    const total = sum(calcs.map((c) => c.total_co2e));
    expect(read.calculation_count).toBe(3);
    expect(read.total_co2e).toBeCloseTo(total, 6);
    expect(read.ordered_co2e).toBeCloseTo(calcs[1]!.total_co2e, 6);
    expect(read.open_co2e).toBeCloseTo(total - calcs[1]!.total_co2e, 6);

    const open = await editor.get<CollectionRecord[]>(
      `/api/collections${filter({ has_open_offsets: true, id: [col.id] })}`,
    );
    expect(open.body.map((r) => r.id)).toEqual([col.id]);
    await ctx.db
      .updateTable('calculations')
      .set({ frozen: true })
      .where(
        'id',
        'in',
        calcs.map((c) => c.id),
      )
      .execute();
    const closed = await editor.get<CollectionRecord[]>(
      `/api/collections${filter({ has_open_offsets: false, id: [col.id] })}`,
    );
    expect(closed.body.map((r) => r.id)).toEqual([col.id]);
    expect(closed.body[0]!.open_co2e).toBe(0);
    expect(
      (await editor.get<CollectionRecord[]>(`/api/collections${filter({ has_open_offsets: true, id: [col.id] })}`))
        .body,
    ).toEqual([]);
    expect((await editor.get(`/api/collections${filter({ has_open_offsets: 'maybe' })}`)).status).toBe(400);
  });

  it('filters by text and by tags', async () => {
    const col = (
      await editor.post('/api/collections', {
        name: 'Messe Leipzig',
        description: 'Stand und Flyer',
        tags: ['messe', 'leipzig'],
      })
    ).body;
    const byText = (await editor.get<CollectionRecord[]>(`/api/collections${filter({ q: 'FLYER' })}`)).body;
    expect(byText.map((r) => r.id)).toContain(col.id);
    expect(byText.every((r) => `${r.name} ${r.description ?? ''}`.toLowerCase().includes('flyer'))).toBe(true);
    expect(
      (await editor.get<CollectionRecord[]>(`/api/collections${filter({ tags: ['messe', 'leipzig'] })}`)).body.map(
        (r) => r.id,
      ),
    ).toEqual([col.id]);
    expect(
      (await editor.get<CollectionRecord[]>(`/api/collections${filter({ tags: ['messe', 'nirgends'] })}`)).body,
    ).toEqual([]);
    expect((await editor.get<string[]>('/api/collections/tags')).body).toEqual(
      expect.arrayContaining(['leipzig', 'messe']),
    );
    expect((await other.get<string[]>('/api/collections/tags')).body).not.toContain('leipzig');
  });

  it('adds calculations idempotently and removes them, each write with a protocol entry', async () => {
    const [a, b] = await freshCalculations(2);
    const col = (await editor.post('/api/collections', { name: 'Nachträge' })).body;
    expect(col.calculation_ids).toEqual([]);
    const added = await editor.post(`/api/collections/${col.id}/calculations`, { ids: [a!.id, b!.id] });
    expect(added.status).toBe(200);
    expect(added.body.calculation_ids).toEqual([a!.id, b!.id]);
    expect(added.body.version).toBe(2);
    const again = await editor.post(`/api/collections/${col.id}/calculations`, { ids: [b!.id] });
    expect(again.status).toBe(200);
    expect(again.body.version).toBe(2);
    expect(again.body.calculation_ids).toEqual([a!.id, b!.id]);
    const removed = await editor.del(`/api/collections/${col.id}/calculations`, { ids: [a!.id] });
    expect(removed.status).toBe(200);
    expect(removed.body.calculation_ids).toEqual([b!.id]);
    expect(removed.body.total_co2e).toBeCloseTo(b!.total_co2e, 6);
    expect((await editor.post(`/api/collections/${col.id}/calculations`, { ids: [] })).status).toBe(400);
    expect((await editor.post(`/api/collections/${col.id}/calculations`, { ids: ['x'] })).status).toBe(400);

    const entries = await protocolOf(col.id);
    expect(entries.map((e) => e.action)).toEqual(['created', 'updated', 'updated']);
    // By number, as people look calculations up (issue #35 item 5), not by database id.
    expect(entries[1]!.changes?.calculation_ids).toEqual({ old: [], new: [a!.number, b!.number].sort() });
    expect(entries[2]!.changes?.calculation_ids).toEqual({ old: [a!.number, b!.number].sort(), new: [b!.number] });
  });

  it('duplicates a collection with its calculations', async () => {
    const [a] = await freshCalculations(1);
    const col = (
      await editor.post('/api/collections', {
        name: 'Vorlage',
        description: 'Original',
        tags: ['x'],
        calculation_ids: [a!.id],
      })
    ).body;
    const copy = await editor.post('/api/collections', { duplicated_from: col.id });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({
      description: 'Original',
      tags: ['x'],
      calculation_ids: [a!.id],
      calculation_count: 1,
    });
    expect(copy.body.id).not.toBe(col.id);
    expect(copy.body.name).toMatch(/^Vorlage \(.+\)$/);
    const named = await editor.post('/api/collections', {
      duplicated_from: col.id,
      name: 'Zweite',
      calculation_ids: [],
    });
    expect(named.body).toMatchObject({ name: 'Zweite', calculation_ids: [] });
    const entries = await protocolOf(copy.body.id);
    expect(entries[0]).toMatchObject({ action: 'duplicated' });
    expect(entries[0]!.summary.params).toMatchObject({ source: 'Vorlage' });
  });

  it("keeps mandants apart: another mandant's collection or calculation is 404 and nothing changes", async () => {
    const [a] = await freshCalculations(1);
    const col = (await editor.post('/api/collections', { name: 'Nur Muster', calculation_ids: [a!.id] })).body;
    const foreign = printco[0]!;

    expect((await other.get(`/api/collections/${col.id}`)).status).toBe(404);
    expect((await other.put(`/api/collections/${col.id}`, { name: 'gekapert' })).status).toBe(404);
    expect((await other.del(`/api/collections/${col.id}`)).status).toBe(404);
    expect((await other.post(`/api/collections/${col.id}/calculations`, { ids: [foreign.id] })).status).toBe(404);
    expect((await other.del(`/api/collections/${col.id}/calculations`, { ids: [a!.id] })).status).toBe(404);
    expect((await other.post('/api/collections', { duplicated_from: col.id })).status).toBe(404);
    expect((await other.get<CollectionRecord[]>(`/api/collections${filter({ id: [col.id] })}`)).body).toEqual([]);

    // A foreign calculation among own ones: the whole request is refused.
    const add = await editor.post(`/api/collections/${col.id}/calculations`, { ids: [muster[0]!.id, foreign.id] });
    expect(add.status).toBe(404);
    const put = await editor.put(`/api/collections/${col.id}`, { name: 'Neu', calculation_ids: [foreign.id] });
    expect(put.status).toBe(404);
    const before = (
      await ctx.db
        .selectFrom('collections')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
    const create = await editor.post('/api/collections', { name: 'Mit fremder', calculation_ids: [a!.id, foreign.id] });
    expect(create.status).toBe(404);
    expect(
      (
        await ctx.db
          .selectFrom('collections')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ).toBe(before);
    const after = (await editor.get(`/api/collections/${col.id}`)).body;
    expect(after).toMatchObject({ name: 'Nur Muster', version: 1, calculation_ids: [a!.id] });
    expect(await storedIds(col.id)).toEqual([a!.id]);
    expect((await protocolOf(col.id)).map((e) => e.action)).toEqual(['created']);

    // The provider admin sees every mandant's collections.
    expect((await as('admin@kontor.example').get(`/api/collections/${col.id}`)).status).toBe(200);
  });

  it('lets viewers read but not write (403)', async () => {
    const col = (await editor.post('/api/collections', { name: 'Für Leser', calculation_ids: [muster[0]!.id] })).body;
    expect((await viewer.get(`/api/collections/${col.id}`)).status).toBe(200);
    expect((await viewer.get('/api/collections')).status).toBe(200);
    expect((await viewer.post('/api/collections', { name: 'Nein' })).status).toBe(403);
    expect((await viewer.put(`/api/collections/${col.id}`, { name: 'Nein' })).status).toBe(403);
    expect((await viewer.del(`/api/collections/${col.id}`)).status).toBe(403);
    expect((await viewer.post(`/api/collections/${col.id}/calculations`, { ids: [muster[1]!.id] })).status).toBe(403);
    expect((await viewer.del(`/api/collections/${col.id}/calculations`, { ids: [muster[0]!.id] })).status).toBe(403);
    expect((await editor.get(`/api/collections/${col.id}`)).body).toMatchObject({
      name: 'Für Leser',
      version: 1,
      calculation_ids: [muster[0]!.id],
    });
  });
});
