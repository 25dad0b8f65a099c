/**
 * The provider admin rolls a published global factor database out to all mandants (issue #20, item 2): new
 * calculations and imports of every mandant without its own pin use it; a mandant admin's pin still wins; the
 * importer can choose the database; a factor the chosen database lacks is named with the database.
 */
import { expect, it } from 'vitest';
import type { CalculationRecord, FactorDatabaseRecord, ImportReport, MandantRecord } from '../../../src/core/api';
import { describeEachDatabase, type TestContext } from '../harness';

const BROCHURE = {
  title: 'Roll-out',
  quantity: 1000,
  format: 'A4',
  pages: 8,
  paper: 'paper_virgin',
  grammage: 115,
  spoilage_pct: 5,
  has_cover: false,
  energy_kwh_per_1000: 2.5,
  electricity: 'electricity_de_grid',
};
const CSV = 'Title,Quantity,Format,Pages,Paper,Grammage,Spoilage (%)\nImported,1000,A4,8,"Paper, virgin fibre",115,5\n';

async function upload(ctx: TestContext, token: string, databaseId?: number) {
  const params = new URLSearchParams({ template: 'brochure', file_name: 'rollout.csv', mode: 'valid_rows' });
  if (databaseId !== undefined) params.set('database_id', String(databaseId));
  const response = await fetch(`${ctx.baseUrl}/api/imports?${params}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'text/csv' },
    body: CSV,
  });
  return { status: response.status, body: (await response.json()) as ImportReport };
}

describeEachDatabase('factor database roll-out', (ctx) => {
  const databaseByLabel = async (token: string, label: string) =>
    (await ctx.request<FactorDatabaseRecord[]>('GET', '/api/databases', { token })).body.find(
      (d) => d.version_label === label && d.mandant_id === null,
    )!;

  it('new calculations and imports of unpinned mandants use the rolled-out database; a pin wins', async () => {
    const provider = await ctx.login('admin@kontor.example');
    const editor = await ctx.login('editor@muster.example');
    const older = await databaseByLabel(provider, '2024');
    const newer = await databaseByLabel(provider, '2025');
    const create = async (token: string) =>
      (
        await ctx.request<CalculationRecord>('POST', '/api/calculations', {
          token,
          body: { template_id: 'brochure', template_version: 1, inputs: BROCHURE },
        })
      ).body;
    expect((await create(editor)).database_id).toBe(newer.id);

    const rolled = await ctx.request<FactorDatabaseRecord>('POST', `/api/databases/${older.id}/roll-out`, {
      token: provider,
    });
    expect(rolled.status).toBe(200);
    expect(rolled.body.rolled_out_at).not.toBeNull();
    expect((await create(editor)).database_id).toBe(older.id);
    expect((await create(await ctx.login('editor@printco.example'))).database_id).toBe(older.id);
    const imported = await upload(ctx, editor);
    expect(imported.status).toBe(201);
    expect(imported.body.import?.database_id).toBe(older.id);
    // The importer's own choice of database.
    const chosen = await upload(ctx, editor, newer.id);
    expect(chosen.body.import?.database_id).toBe(newer.id);

    // A mandant admin pins the 2025 set for Druckerei Muster: its new work uses it, Print & Co keeps the roll-out.
    const musterAdmin = await ctx.login('admin@muster.example');
    const muster = await ctx.mandantId('muster');
    const mandant = (await ctx.request<MandantRecord>('GET', `/api/mandants/${muster}`, { token: musterAdmin })).body;
    const pinned = await ctx.request('PUT', `/api/mandants/${muster}`, {
      token: musterAdmin,
      body: { ...mandant, settings: { ...mandant.settings, default_database_id: newer.id } },
    });
    expect(pinned.status).toBe(200);
    expect((await create(editor)).database_id).toBe(newer.id);
    expect((await create(await ctx.login('editor@printco.example'))).database_id).toBe(older.id);

    // Rolling the newer one out again moves the unpinned mandants back; the protocol records each roll-out.
    expect((await ctx.request('POST', `/api/databases/${newer.id}/roll-out`, { token: provider })).status).toBe(200);
    expect((await create(await ctx.login('editor@printco.example'))).database_id).toBe(newer.id);
    const entries = await ctx.db
      .selectFrom('protocol')
      .select('resource')
      .where('resource', '=', 'databases')
      .where('action', '=', 'updated')
      .execute();
    expect(entries.length).toBeGreaterThanOrEqual(2);
  });

  it('only provider admins roll out, only published global databases; unknown ids are 404', async () => {
    const provider = await ctx.login('admin@kontor.example');
    const newer = await databaseByLabel(provider, '2025');
    for (const email of ['admin@muster.example', 'editor@muster.example', 'viewer@muster.example']) {
      expect(
        (await ctx.request('POST', `/api/databases/${newer.id}/roll-out`, { token: await ctx.login(email) })).status,
      ).toBe(403);
    }
    expect((await ctx.request('POST', '/api/databases/999999/roll-out', { token: provider })).status).toBe(404);
    const draft = await ctx.request<FactorDatabaseRecord>('POST', '/api/databases', {
      token: provider,
      body: { name: 'Draft', version_label: 'x', copy_from_id: newer.id },
    });
    const refused = await ctx.request<{ message: string }>('POST', `/api/databases/${draft.body.id}/roll-out`, {
      token: provider,
      headers: { 'accept-language': 'de' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/veröffentlichte globale Datenbank/);
  });

  it('names a factor the chosen database lacks, with the database, when a calculation is saved', async () => {
    const provider = await ctx.login('admin@kontor.example');
    const newer = await databaseByLabel(provider, '2025');
    // A demo calculation of a template whose formula names a factor literally, and the 2025 set without that factor.
    const literal: Record<string, string> = { book: 'board_recycled', 'company-footprint': 'diesel' };
    const calc = await ctx.db
      .selectFrom('calculations')
      .select(['template_id', 'inputs', 'mandant_id'])
      .where('template_id', 'in', Object.keys(literal))
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const missing = literal[calc.template_id]!;
    const editor = await ctx.login(
      calc.mandant_id === (await ctx.mandantId('muster')) ? 'editor@muster.example' : 'editor@printco.example',
    );
    const copy = await ctx.request<FactorDatabaseRecord>('POST', '/api/databases', {
      token: provider,
      body: { name: 'Ohne', version_label: 'p1', copy_from_id: newer.id },
    });
    const factor = await ctx.db
      .selectFrom('factors')
      .select('id')
      .where('database_id', '=', copy.body.id)
      .where('key', '=', missing)
      .executeTakeFirstOrThrow();
    expect((await ctx.request('DELETE', `/api/factors/${factor.id}`, { token: provider })).status).toBe(200);
    expect((await ctx.request('POST', `/api/databases/${copy.body.id}/publish`, { token: provider })).status).toBe(200);

    const inputs: unknown = typeof calc.inputs === 'string' ? JSON.parse(calc.inputs) : calc.inputs;
    const saved = await ctx.request<{ message: string; errors: Record<string, string> }>('POST', '/api/calculations', {
      token: editor,
      body: { template_id: calc.template_id, database_id: copy.body.id, inputs },
    });
    expect(saved.status).toBe(400);
    expect(Object.values(saved.body.errors).join(' ')).toContain(
      `Der Faktor „${missing}“ fehlt in der Faktordatenbank „Ohne p1“`,
    );
  });

  it('checks import rows against the chosen database: every row whose factor it lacks fails, naming value and database', async () => {
    const provider = await ctx.login('admin@kontor.example');
    const newer = await databaseByLabel(provider, '2025');
    const copy = await ctx.request<FactorDatabaseRecord>('POST', '/api/databases', {
      token: provider,
      body: { name: 'Ohne Frischfaser', version_label: 'p2', copy_from_id: newer.id },
    });
    const factor = await ctx.db
      .selectFrom('factors')
      .select('id')
      .where('database_id', '=', copy.body.id)
      .where('key', '=', 'paper_virgin')
      .executeTakeFirstOrThrow();
    expect((await ctx.request('DELETE', `/api/factors/${factor.id}`, { token: provider })).status).toBe(200);
    expect((await ctx.request('POST', `/api/databases/${copy.body.id}/publish`, { token: provider })).status).toBe(200);
    const csv =
      'Title,Quantity,Format,Pages,Paper,Grammage,Spoilage (%)\nFirst,1000,A4,8,paper_virgin,115,5\nSecond,500,A4,8,paper_virgin,115,5\n';
    const params = new URLSearchParams({
      template: 'brochure',
      file_name: 'missing.csv',
      mode: 'valid_rows',
      dry_run: 'true',
      database_id: String(copy.body.id),
    });
    const response = await fetch(`${ctx.baseUrl}/api/imports?${params}`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${await ctx.login('editor@muster.example')}`,
        'Content-Type': 'text/csv',
        'Accept-Language': 'de',
      },
      body: csv,
    });
    const report = (await response.json()) as ImportReport;
    expect(report.rows_failed, JSON.stringify(report)).toBe(2);
    for (const row of [2, 3]) {
      const messages = report.errors
        .filter((error) => error.row === row)
        .map((error) => error.message)
        .join(' ');
      // Named with the database the import computes with, as saving a calculation does.
      expect(messages, JSON.stringify(report.errors)).toContain(
        '„paper_virgin“ ist in der Faktordatenbank „Ohne Frischfaser p2“',
      );
    }
  });
});
