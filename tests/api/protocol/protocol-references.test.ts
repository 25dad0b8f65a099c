/**
 * Every reference the protocol gives a reader names the record as people know it (issue #35 item 5): a calculation
 * by its number, never its database id; a duplicate names its source; statuses in words; the CSV's times with
 * their offset; an invited user is created by the inviter, not by himself.
 */
import Papa from 'papaparse';
import { expect, it } from 'vitest';
import type { CalculationRecord, CollectionRecord, MachineSetRecord, ProtocolEntryRecord } from '../../../src/core/api';
import { changesLine, describeSummary } from '../../../src/core/protocol/describe';
import { loadSessionUser } from '../../../src/server/auth/session-user';
import { protocolReader } from '../../../src/server/protocol/messages';
import { withRefs } from '../../../src/server/protocol/refs';
import { describeEachDatabase, type TestContext } from '../harness';
import { inviteUser } from '../invite';

const q = (params: Record<string, string>) => `?${new URLSearchParams(params).toString()}`;

describeEachDatabase('protocol references', (ctx: TestContext) => {
  const entries = async (token: string, filter: object) =>
    (
      await ctx.request<ProtocolEntryRecord[]>(
        'GET',
        `/api/protocol${q({ filter: JSON.stringify(filter), sort: '["id","ASC"]', range: '[0,50]' })}`,
        { token },
      )
    ).body;
  const de = protocolReader('de');

  it('names the calculations a collection gained and lost by their numbers, never their ids', async () => {
    const editor = await ctx.login('editor@muster.example');
    const calcs = (await ctx.request<CalculationRecord[]>('GET', '/api/calculations', { token: editor })).body;
    const [a, b] = calcs;
    const col = (
      await ctx.request<CollectionRecord>('POST', '/api/collections', {
        token: editor,
        body: { name: 'Prüfer-Sammlung' },
      })
    ).body;
    const url = `/api/collections/${col.id}/calculations`;
    expect((await ctx.request('POST', url, { token: editor, body: { ids: [a!.id, b!.id] } })).status).toBe(200);
    expect((await ctx.request('DELETE', url, { token: editor, body: { ids: [a!.id] } })).status).toBe(200);

    const list = await entries(editor, { resource: 'collections', record_id: String(col.id), action: 'updated' });
    expect(list).toHaveLength(2);
    const [added, removed] = list.map((e) => changesLine(de, e));
    const both = [a!.number, b!.number].sort().join(', ');
    expect(added).toBe(`Kalkulationen: leer → ${both}`);
    expect(removed).toBe(`Kalkulationen: ${both} → ${b!.number}`);
    for (const line of [added, removed]) expect(line).not.toMatch(/(^|[\s,:])\d+(,|$|\s)/);

    // Entries written before numbers were stored (ids) are named through the reader's lookup, as numbers too.
    const old = { ...list[1]!, changes: { calculation_ids: { old: [a!.id, b!.id], new: [b!.id] } } };
    const reader = (await loadSessionUser(ctx.db, await ctx.userId('editor@muster.example')))!;
    const [resolved] = await withRefs(ctx.db, reader, [old]);
    expect(changesLine(de, resolved!)).toBe(`Kalkulationen: ${a!.number}, ${b!.number} → ${b!.number}`);
    // Another mandant's reader learns nothing, not even the ids.
    const stranger = (await loadSessionUser(ctx.db, await ctx.userId('admin@printco.example')))!;
    const [hidden] = await withRefs(ctx.db, stranger, [old]);
    expect(changesLine(de, hidden!)).toBe('Kalkulationen: nicht verfügbar, nicht verfügbar → nicht verfügbar');
  });

  it('says which calculation a duplicate was copied from, by its number', async () => {
    const editor = await ctx.login('editor@muster.example');
    const [original] = (await ctx.request<CalculationRecord[]>('GET', '/api/calculations', { token: editor })).body;
    const copy = await ctx.request<CalculationRecord>('POST', '/api/calculations', {
      token: editor,
      body: { duplicated_from: original!.id },
    });
    expect(copy.status, JSON.stringify(copy.body)).toBe(201);
    const [entry] = await entries(editor, { resource: 'calculations', record_id: String(copy.body.id) });
    expect(entry!.action).toBe('duplicated');
    expect(describeSummary(de, entry!)).toBe(
      `Kalkulation „${copy.body.number}“ als Kopie von „${original!.number}“ angelegt`,
    );
    expect(describeSummary(protocolReader('en'), entry!)).toContain(original!.number);
  });

  it('writes a machine set’s status and currency in words, not code', async () => {
    const admin = await ctx.login('admin@muster.example');
    const draft = (
      await ctx.request<MachineSetRecord>('POST', '/api/machine-sets', {
        token: admin,
        body: { name: 'Protokoll-Park', version_label: 'P1' },
      })
    ).body;
    const published = await ctx.request<MachineSetRecord>('PUT', `/api/machine-sets/${draft.id}`, {
      token: admin,
      body: { status: 'published', version: draft.version },
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const list = await entries(admin, { resource: 'machine-sets', record_id: String(draft.id), action: 'updated' });
    const line = changesLine(de, list.at(-1)!);
    expect(line).toContain('Status: Entwurf → Veröffentlicht');
    expect(line).toContain('Aktuell: Nein → Ja');
    expect(line).not.toMatch(/draft|published|current/);
  });

  it('gives the CSV’s times in the reader’s zone with their offset, UTC marked when no zone is named', async () => {
    const admin = await ctx.login('admin@muster.example');
    const filter = JSON.stringify({ resource: 'machine-sets' });
    const csv = async (extra: Record<string, string>) => {
      const res = await ctx.request<string>(
        'GET',
        `/api/protocol/export.csv${q({ filter, sort: '["id","ASC"]', ...extra })}`,
        { token: admin },
      );
      expect(res.status).toBe(200);
      return Papa.parse<string[]>(res.body.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    };
    const [list] = [await entries(admin, { resource: 'machine-sets' })];
    const at = new Date(list[0]!.at);
    const berlin = await csv({ tz: 'Europe/Berlin' });
    const offset = at.toLocaleString('en', { timeZone: 'Europe/Berlin', timeZoneName: 'shortOffset' }).split(' ').pop();
    expect(berlin[1]![0]).toMatch(new RegExp(`${offset!.replace('+', '\\+')}$`));
    const hour = (zone: string) =>
      new Intl.DateTimeFormat('de', { hour: '2-digit', minute: '2-digit', timeZone: zone }).format(at);
    expect(berlin[1]![0]).toContain(hour('Europe/Berlin'));
    const utc = await csv({});
    expect(utc[1]![0]).toContain(hour('UTC'));
    expect(utc[1]![0]).toMatch(/GMT|UTC/);
    // An unknown zone is no error: UTC, marked.
    expect((await csv({ tz: 'Mars/Olympus' }))[1]![0]).toBe(utc[1]![0]);
    // No database id column: the record column names it.
    expect(berlin[0]).not.toContain('Datensatz-ID');
  });

  it('logs an invited user as created by the admin who invited him', async () => {
    const admin = await ctx.login('admin@muster.example');
    const user = await inviteUser(
      ctx,
      admin,
      { email: 'neu.protokoll@muster.example', name: 'Nina Neu', role: 'viewer' },
      'ein-langes-passwort-1',
    );
    const [created] = await entries(admin, { resource: 'users', record_id: String(user.id), action: 'created' });
    expect(created!.user_email).toBe('admin@muster.example');
    const [accepted] = await entries(admin, { resource: 'invitations', action: 'accepted', q: 'neu.protokoll' });
    expect(accepted!.user_email).toBe('neu.protokoll@muster.example');
  });
});
