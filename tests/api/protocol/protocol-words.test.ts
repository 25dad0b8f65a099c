/**
 * The protocol reads as people speak (issue #18 item 5): a migration's preview, apply and rollback are three
 * distinct sentences naming the database once; statuses, yes/no, roles, languages, dates and user ids in the
 * change lists come out in the reader's words; the CSV export says the same as the screen's renderer.
 */
import Papa from 'papaparse';
import { expect, it } from 'vitest';
import type {
  FactorDatabaseRecord,
  FactorMigrationRecord,
  ProtocolEntryRecord,
  UserRecord,
} from '../../../src/core/api';
import { formatInstantWithOffset } from '../../../src/core/dates';
import { changesLine, describeSummary, entryActionName } from '../../../src/core/protocol/describe';
import { protocolReader } from '../../../src/server/protocol/messages';
import { describeEachDatabase, type TestContext } from '../harness';

const q = (params: Record<string, string>) => `?${new URLSearchParams(params).toString()}`;

describeEachDatabase('protocol in words', (ctx: TestContext) => {
  const entries = (token: string, filter: object) =>
    ctx.request<ProtocolEntryRecord[]>(
      'GET',
      `/api/protocol${q({ filter: JSON.stringify(filter), sort: '["id","ASC"]', range: '[0,50]' })}`,
      { token },
    );
  const csvRows = async (token: string, filter: object) => {
    const res = await ctx.request<string>(
      'GET',
      `/api/protocol/export.csv${q({ filter: JSON.stringify(filter), sort: '["id","ASC"]' })}`,
      { token },
    );
    expect(res.status).toBe(200);
    return Papa.parse<string[]>(res.body.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data.slice(1);
  };
  // PostgreSQL's jsonb keeps keys in its own order, so a change list is compared as a set of its parts.
  const parts = (line: string) => line.split('; ').sort();
  const dayDe = (iso: string) =>
    new Intl.DateTimeFormat('de', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

  it('tells a migration preview, apply and rollback apart, naming the database once, in German and English', async () => {
    const admin = await ctx.login('admin@muster.example');
    const databases = (await ctx.request<FactorDatabaseRecord[]>('GET', '/api/databases', { token: admin })).body;
    // The demo calculations use the 2024 set: the migration goes to the newer one.
    const target = databases.find((d) => d.version_label === '2025' && d.mandant_id === null)!;
    const migration = (
      await ctx.request<FactorMigrationRecord>('POST', '/api/migrations', {
        token: admin,
        body: { to_database_id: target.id },
      })
    ).body;
    expect((await ctx.request('POST', `/api/migrations/${migration.id}/apply`, { token: admin })).status).toBe(200);
    const rolledBack = await ctx.request<FactorMigrationRecord>('POST', `/api/migrations/${migration.id}/rollback`, {
      token: admin,
    });
    expect(rolledBack.status).toBe(200);

    const filter = { resource: 'migrations', record_id: String(migration.id) };
    const list = (await entries(admin, filter)).body;
    expect(list).toHaveLength(3);
    const name = target.name.includes(target.version_label) ? target.name : `${target.name} ${target.version_label}`;
    // The version label appears once, not "Demo factors 2025 2025".
    expect(list.every((e) => e.record_label === `→ ${name}`)).toBe(true);
    const de = protocolReader('de');
    const count = migration.summary.count;
    expect(list.map((e) => describeSummary(de, e))).toEqual([
      `Migrationsvorschau auf „${name}“ erstellt – Kalkulationen: ${count}`,
      `Migration auf „${name}“ angewendet – Kalkulationen: ${count}`,
      `Migration auf „${name}“ zurückgenommen`,
    ]);
    expect(list.map((e) => entryActionName(de, e))).toEqual([
      'Migrationsvorschau',
      'Migration angewendet',
      'Migration zurückgenommen',
    ]);
    // The apply names who applied (not a user id), statuses in words, dates as Germans read them.
    const applied = list[1]!;
    expect(applied.refs?.users).toBeDefined();
    expect(parts(changesLine(de, applied))).toEqual(
      parts(
        `Status: Vorschau → Angewendet; Angewendet von: leer → Markus Muster; Angewendet am: leer → ${dayDe(applied.changes!.applied_at!.new as string)}`,
      ),
    );
    expect(parts(changesLine(de, list[2]!))).toEqual(
      parts(`Status: Angewendet → Zurückgenommen; Zurückgenommen am: leer → ${dayDe(rolledBack.body.rolled_back_at!)}`),
    );

    // The CSV says exactly what the renderer says, action and summary and changes alike.
    const rows = await csvRows(admin, filter);
    expect(rows.map((r) => [r[4], r[7], r[8]])).toEqual(
      list.map((e) => [entryActionName(de, e), describeSummary(de, e), changesLine(protocolReader('de', 'UTC'), e)]),
    );
    expect(rows.map((r) => r[3])).toEqual(['Druckerei Muster', 'Druckerei Muster', 'Druckerei Muster']);
    // The file's times carry their offset (UTC when the request names no zone).
    expect(rows[0]![0]).toBe(formatInstantWithOffset(list[0]!.at, 'de', 'UTC'));

    const en = protocolReader('en');
    expect(list.map((e) => describeSummary(en, e))).toEqual([
      `Migration preview to "${name}" created – calculations: ${count}`,
      `Migration to "${name}" applied – calculations: ${count}`,
      `Migration to "${name}" rolled back`,
    ]);
    expect(changesLine(en, list[2]!)).toMatch(/Status: Applied → Rolled back/);
    expect(changesLine(en, list[2]!)).toMatch(/Rolled back on: empty → /);
  });

  it('writes roles, yes/no, languages and statuses in the reader’s words, on screen data and in the CSV (German and English)', async () => {
    const admin = await ctx.login('admin@muster.example');
    const users = (await ctx.request<UserRecord[]>('GET', '/api/users', { token: admin })).body;
    const viewer = users.find((u) => u.email === 'viewer@muster.example')!;
    const put = await ctx.request<UserRecord>('PUT', `/api/users/${viewer.id}`, {
      token: admin,
      body: { ...viewer, role: 'editor', active: false, language: 'en' },
    });
    expect(put.status).toBe(200);
    const filter = { resource: 'users', record_id: String(viewer.id), action: 'updated' };
    const [entry] = (await entries(admin, filter)).body;
    expect(parts(changesLine(protocolReader('de'), entry!))).toEqual(
      parts('Rolle: Nur lesen → Bearbeitung; Sprache: Deutsch → English; Aktiv: Ja → Nein'),
    );
    const [row] = await csvRows(admin, filter);
    expect(parts(row![8]!)).toEqual(
      parts('Rolle: Nur lesen → Bearbeitung; Sprache: Deutsch → English; Aktiv: Ja → Nein'),
    );
    expect(row![7]).toBe(`Benutzer „${viewer.name}“ geändert`);

    // An English reader (the editor of Print & Co) gets the same kind of entry in English.
    const english = await ctx.login('editor@printco.example');
    const printco = await ctx.login('admin@printco.example');
    const printcoUsers = (await ctx.request<UserRecord[]>('GET', '/api/users', { token: printco })).body;
    const someone = printcoUsers.find((u) => u.email === 'viewer@printco.example')!;
    const changed = await ctx.request<UserRecord>('PUT', `/api/users/${someone.id}`, {
      token: printco,
      body: { ...someone, role: 'editor', active: false },
    });
    expect(changed.status).toBe(200);
    const [enRow] = await csvRows(english, { resource: 'users', record_id: String(someone.id), action: 'updated' });
    expect(parts(enRow![8]!)).toEqual(parts('Role: Viewer → Editor; Active: Yes → No'));
    expect(
      (
        await ctx.request('PUT', `/api/users/${someone.id}`, {
          token: printco,
          body: { ...changed.body, role: 'viewer', active: true },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await ctx.request('PUT', `/api/users/${viewer.id}`, {
          token: admin,
          body: { ...put.body, role: viewer.role, active: true, language: viewer.language },
        })
      ).status,
    ).toBe(200);
  });

  it('names only what the reader may see: another mandant’s database is neither named nor shown by id', async () => {
    const admin = await ctx.login('admin@muster.example');
    const provider = await ctx.login('admin@kontor.example');
    const printcoId = await ctx.mandantId('printco');
    // A draft database of Print & Co; a Muster entry mentioning it by id must not name it.
    const foreign = await ctx.request<FactorDatabaseRecord>('POST', '/api/databases', {
      token: provider,
      body: { name: 'Geheim Print & Co', version_label: 'X1', mandant_id: printcoId },
    });
    expect(foreign.status).toBe(201);
    const muster = await ctx.mandantId('muster');
    const id = await ctx.db
      .insertInto('protocol')
      .values({
        at: new Date().toISOString(),
        mandant_id: muster,
        user_id: null,
        user_email: null,
        user_name: null,
        action: 'updated',
        resource: 'calculations',
        record_id: '1',
        record_label: 'K-1',
        summary: '{}',
        changes: JSON.stringify({ database_id: { old: foreign.body.id, new: foreign.body.id + 100000 } }),
        ip: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const read = await ctx.request<ProtocolEntryRecord>('GET', `/api/protocol/${id.id}`, { token: admin });
    expect(read.status).toBe(200);
    expect(JSON.stringify(read.body)).not.toContain('Geheim');
    // Neither its name nor its id: an id is no reference a reader can follow (issue #35 item 5).
    expect(changesLine(protocolReader('de'), read.body)).toBe('Faktordatenbank: nicht verfügbar → nicht verfügbar');
    const all = await ctx.request<ProtocolEntryRecord>('GET', `/api/protocol/${id.id}`, { token: provider });
    expect(all.body.refs?.databases?.[String(foreign.body.id)]).toBe('Geheim Print & Co X1');
  });
});
