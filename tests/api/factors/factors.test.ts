/**
 * The read-only factor databases and factors: two published demo sets whose values differ,
 * each mandant's default database, global databases shared with every mandant and a mandant's
 * own databases visible to it alone.
 */
import { expect, it } from 'vitest';
import type { FactorDatabaseRecord, FactorRecord, MandantRecord } from '../../../src/core/api';
import { DEMO_FACTORS_2024, DEMO_FACTORS_2025 } from '../../../src/server/seed/factor-databases';
import { isoNow } from '../../../src/server/db/values';
import { describeEachDatabase, type TestContext } from '../harness';

const q = (params: Record<string, string>) => `?${new URLSearchParams(params).toString()}`;

describeEachDatabase('factor databases and factors', (ctx: TestContext) => {
  it('seeds "Demo-Faktoren 2024" and "Demo-Faktoren 2025", published, global and marked as demo', async () => {
    const token = await ctx.login('viewer@muster.example');
    const res = await ctx.request<FactorDatabaseRecord[]>(
      'GET',
      `/api/databases${q({ sort: '["valid_from","ASC"]' })}`,
      { token },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBe('databases 0-1/2');
    expect(res.body.map((d) => [d.name, d.version_label, d.status, d.mandant_id, d.demo])).toEqual([
      ['Demo-Faktoren 2024', '2024', 'published', null, true],
      ['Demo-Faktoren 2025', '2025', 'published', null, true],
    ]);
    expect(res.body[1]!.based_on_id).toBe(res.body[0]!.id);
    expect(res.body[0]!.valid_from).toBe('2024-01-01');
  });

  it('rolls the 2025 set out to all mandants; no demo mandant pins its own default', async () => {
    const admin = await ctx.login('admin@kontor.example');
    const databases = (await ctx.request<FactorDatabaseRecord[]>('GET', '/api/databases', { token: admin })).body;
    expect(databases.filter((d) => d.rolled_out_at !== null).map((d) => d.version_label)).toEqual(['2025']);
    const mandants = await ctx.request<MandantRecord[]>('GET', '/api/mandants', { token: admin });
    expect(mandants.body.map((m) => m.settings.default_database_id ?? null)).toEqual([null, null]);
    // The mandants' other settings survive.
    expect(mandants.body.every((m) => m.settings.provider_name === 'Kontor Demo')).toBe(true);
  });

  it('lists factors of a database with their sources; the two versions differ', async () => {
    const token = await ctx.login('editor@printco.example');
    const databases = (await ctx.request<FactorDatabaseRecord[]>('GET', '/api/databases', { token })).body;
    const byLabel = (label: string) => databases.find((d) => d.version_label === label)!.id;
    const factorsOf = async (databaseId: number) =>
      (
        await ctx.request<FactorRecord[]>(
          'GET',
          `/api/factors${q({ filter: JSON.stringify({ database_id: databaseId }), sort: '["key","ASC"]' })}`,
          { token },
        )
      ).body;
    const f2024 = await factorsOf(byLabel('2024'));
    const f2025 = await factorsOf(byLabel('2025'));
    expect(f2024).toHaveLength(DEMO_FACTORS_2024.factors.length);
    expect(f2025).toHaveLength(DEMO_FACTORS_2025.factors.length);
    const electricity = (list: FactorRecord[]) => list.find((f) => f.key === 'electricity_de_grid')!;
    expect(electricity(f2024)).toMatchObject({
      value: 0.445,
      unit: 'kWh',
      category: 'electricity',
      year: 2023,
      region: 'DE',
      demo: true,
    });
    expect(electricity(f2025).value).toBe(0.427);
    expect(electricity(f2025).source).toMatch(/Umweltbundesamt/);
    expect(electricity(f2025).label).toEqual(
      DEMO_FACTORS_2025.factors.find((f) => f.key === 'electricity_de_grid')!.label,
    );
    expect(f2024.find((f) => f.key === 'natural_gas')).toMatchObject({ value: 0.181, region: 'DE' });
    expect(f2025.find((f) => f.key === 'paper_virgin')!.value).not.toBe(
      f2024.find((f) => f.key === 'paper_virgin')!.value,
    );
    expect(f2025.every((f) => f.source.length > 0)).toBe(true);
  });

  it('filters factors by category and q, and reads one', async () => {
    const token = await ctx.login('editor@muster.example');
    const paper = await ctx.request<FactorRecord[]>('GET', `/api/factors${q({ filter: '{"category":"paper"}' })}`, {
      token,
    });
    expect(new Set(paper.body.map((f) => f.key))).toEqual(
      new Set([
        'paper_virgin',
        'paper_recycled',
        'board_virgin',
        'board_recycled',
        // The paper grades of the print model version 3 (issue 33).
        'paper_coated',
        'paper_uncoated',
        'paper_newsprint',
        'board_folding_boxboard',
      ]),
    );
    expect(paper.headers.get('content-range')).toBe('factors 0-15/16');
    // q searches key, category and the label in every language.
    const english = await ctx.request<FactorRecord[]>('GET', `/api/factors${q({ filter: '{"q":"GUARANTEE of"}' })}`, {
      token,
    });
    expect(english.body.map((f) => f.key)).toEqual(['electricity_renewable', 'electricity_renewable']);
    const german = await ctx.request<FactorRecord[]>(
      'GET',
      `/api/factors${q({ filter: '{"q":"herkunftsnachweis"}' })}`,
      { token },
    );
    expect(german.body.map((f) => f.key)).toEqual(['electricity_renewable', 'electricity_renewable']);
    const one = await ctx.request<FactorRecord>('GET', `/api/factors/${paper.body[0]!.id}`, { token });
    expect(one.body).toEqual(paper.body[0]);
    expect((await ctx.request('GET', '/api/factors/987654', { token })).status).toBe(404);
    expect((await ctx.request('GET', `/api/factors${q({ filter: '{"label":"x"}' })}`, { token })).status).toBe(400);
  });

  it('shows a mandant\u2019s own database only to that mandant', async () => {
    const now = isoNow();
    const printco = await ctx.mandantId('printco');
    const own = await ctx.db
      .insertInto('factor_databases')
      .values({
        mandant_id: printco,
        name: 'Print & Co Hausfaktoren',
        version_label: '1',
        status: 'published',
        valid_from: null,
        source: 'own',
        based_on_id: null,
        demo: false,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('factors')
      .values({
        database_id: own.id,
        key: 'house_paper',
        category: 'paper',
        unit: 'kg',
        value: 0.5,
        label: JSON.stringify({ de: 'Hauspapier', en: 'House paper', fr: 'x', it: 'x', es: 'x' }),
        source: 'own',
        year: 2025,
        region: 'DE',
        demo: false,
      })
      .execute();
    const printcoToken = await ctx.login('viewer@printco.example');
    const musterToken = await ctx.login('viewer@muster.example');
    const seen = await ctx.request<FactorDatabaseRecord[]>('GET', '/api/databases', { token: printcoToken });
    expect(seen.body.map((d) => d.name)).toContain('Print & Co Hausfaktoren');
    const hidden = await ctx.request<FactorDatabaseRecord[]>('GET', '/api/databases', { token: musterToken });
    expect(hidden.body.map((d) => d.name)).not.toContain('Print & Co Hausfaktoren');
    expect(hidden.headers.get('content-range')).toBe('databases 0-1/2');
    expect((await ctx.request('GET', `/api/databases/${own.id}`, { token: musterToken })).status).toBe(404);
    const foreignFactors = await ctx.request<FactorRecord[]>(
      'GET',
      `/api/factors${q({ filter: JSON.stringify({ database_id: own.id }) })}`,
      { token: musterToken },
    );
    expect(foreignFactors.body).toEqual([]);
    expect(foreignFactors.headers.get('content-range')).toBe('factors */0');
    const search = await ctx.request<FactorRecord[]>('GET', `/api/factors${q({ filter: '{"q":"house"}' })}`, {
      token: musterToken,
    });
    expect(search.body).toEqual([]);
    const ownFactors = await ctx.request<FactorRecord[]>(
      'GET',
      `/api/factors${q({ filter: JSON.stringify({ database_id: own.id }) })}`,
      { token: printcoToken },
    );
    expect(ownFactors.body.map((f) => f.key)).toEqual(['house_paper']);
    await ctx.db.deleteFrom('factor_databases').where('id', '=', own.id).execute();
  });

  it('refuses incomplete databases and changes to published factors (writing: databases.test.ts)', async () => {
    const token = await ctx.login('admin@kontor.example');
    expect((await ctx.request('POST', '/api/databases', { token, body: { name: 'x' } })).status).toBe(400);
    expect((await ctx.request('DELETE', '/api/factors/1', { token })).status).toBe(409);
    expect((await ctx.request('GET', '/api/databases')).status).toBe(401);
  });
});
