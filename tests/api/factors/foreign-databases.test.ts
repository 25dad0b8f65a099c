/**
 * Another mandant's private factor database does not exist for a mandant (#17 finding 1): not as a migration's
 * source, not as the default database of its settings, and the protocol never names it — not even for a migration
 * written before the source was checked.
 */
import { beforeAll, expect, it } from 'vitest';
import type {
  FactorDatabaseRecord,
  FactorMigrationRecord,
  MandantRecord,
  ProtocolEntryRecord,
} from '../../../src/core/api';
import { describeEachDatabase } from '../harness';

const MISSING = 2_000_000_000;

describeEachDatabase('another mandant’s factor database', (ctx) => {
  let muster = '';
  let printcoAdmin = '';
  let printcoEditor = '';
  let globalId = 0;
  let secret: FactorDatabaseRecord;
  const message = (body: unknown, id: number) => JSON.stringify(body).replaceAll(String(id), 'N');

  beforeAll(async () => {
    muster = await ctx.login('admin@muster.example');
    printcoAdmin = await ctx.login('admin@printco.example');
    printcoEditor = await ctx.login('editor@printco.example');
    const databases = (await ctx.request<FactorDatabaseRecord[]>('GET', '/api/databases', { token: muster })).body;
    // The newer global set: the demo calculations use the older one, so a migration to it has calculations to take.
    globalId = databases.find(
      (d) => d.mandant_id === null && d.status === 'published' && d.version_label === '2025',
    )!.id;
    secret = (
      await ctx.request<FactorDatabaseRecord>('POST', '/api/databases', {
        token: muster,
        body: { name: 'Muster Hausdatenbank', version_label: 'haus-7', copy_from_id: globalId },
      })
    ).body;
    expect((await ctx.request('POST', `/api/databases/${secret.id}/publish`, { token: muster })).status).toBe(200);
  });

  it('is refused as a migration source exactly like a missing database, and nothing is written', async () => {
    const migrate = (from: number) =>
      ctx.request('POST', '/api/migrations', {
        token: printcoEditor,
        body: { to_database_id: globalId, from_database_id: from },
      });
    const foreign = await migrate(secret.id);
    const missing = await migrate(MISSING);
    expect(foreign.status).toBe(400);
    expect(missing.status).toBe(400);
    expect(message(foreign.body, secret.id)).toBe(message(missing.body, MISSING));
    const printco = await ctx.mandantId('printco');
    expect(
      await ctx.db.selectFrom('factor_migrations').select('id').where('mandant_id', '=', printco).execute(),
    ).toEqual([]);
  });

  it('cannot become the default database of another mandant', async () => {
    const printco = await ctx.mandantId('printco');
    const mandant = (await ctx.request<MandantRecord>('GET', `/api/mandants/${printco}`, { token: printcoAdmin })).body;
    const setDefault = (id: number) =>
      ctx.request('PUT', `/api/mandants/${printco}`, {
        token: printcoAdmin,
        body: { settings: { ...mandant.settings, default_database_id: id } },
      });
    const foreign = await setDefault(secret.id);
    const missing = await setDefault(MISSING);
    expect(foreign.status).toBe(400);
    expect(message(foreign.body, secret.id)).toBe(message(missing.body, MISSING));
    expect((await setDefault(globalId)).status).toBe(200);
  });

  it('is not named in the protocol of a migration written before the source was checked', async () => {
    const printco = await ctx.mandantId('printco');
    const preview = await ctx.request<FactorMigrationRecord>('POST', '/api/migrations', {
      token: printcoEditor,
      body: { to_database_id: globalId },
    });
    expect(preview.status).toBe(201);
    // As an unchecked request used to leave it.
    await ctx.db
      .updateTable('factor_migrations')
      .set({ from_database_id: secret.id })
      .where('id', '=', preview.body.id)
      .execute();
    expect(
      (await ctx.request('POST', `/api/migrations/${preview.body.id}/discard`, { token: printcoEditor })).status,
    ).toBe(200);
    const viewer = await ctx.login('viewer@printco.example');
    const entries = await ctx.request<ProtocolEntryRecord[]>(
      'GET',
      `/api/protocol?filter=${encodeURIComponent(JSON.stringify({ resource: 'migrations' }))}`,
      { token: viewer },
    );
    expect(entries.body.length).toBeGreaterThan(0);
    expect(entries.body.every((entry) => entry.mandant_id === printco)).toBe(true);
    expect(JSON.stringify(entries.body)).not.toMatch(/Hausdatenbank|haus-7/);
    const csv = await ctx.request<string>('GET', '/api/protocol/export.csv', { token: viewer });
    expect(csv.body).not.toMatch(/Hausdatenbank|haus-7/);
  });
});
