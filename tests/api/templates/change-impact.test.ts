/**
 * Changes know what they touch (issue #34 item 2): before a template version is saved or published, or a factor or a
 * database is changed, the impact routes count the calculations it reaches (in the caller's mandant scope), name
 * the templates and databases, and the fields and options in use that a version drops or renames. A factor whose
 * category is renamed in a new database version leaves the calculations that chose it out of a migration to that
 * version, with the reason — before the fix the preview carried them over unchanged, with a key their field no longer
 * offers.
 */
import { expect, it } from 'vitest';
import type {
  ChangeImpact,
  FactorDatabaseRecord,
  FactorMigrationItemRecord,
  FactorMigrationRecord,
  FactorRecord,
  TemplateRecord,
} from '../../../src/core/api';
import { renameField, type Template } from '../../../src/core/template';
import { describeEachDatabase, type TestContext } from '../harness';

const q = (params: Record<string, string>) => `?${new URLSearchParams(params).toString()}`;

describeEachDatabase('change impact', (ctx: TestContext) => {
  const globalDatabase = async (token: string, label: string) =>
    (await ctx.request<FactorDatabaseRecord[]>('GET', '/api/databases', { token })).body.find(
      (d) => d.version_label === label && d.mandant_id === null,
    )!;
  const factorsOf = async (token: string, databaseId: number) =>
    (
      await ctx.request<FactorRecord[]>(
        'GET',
        `/api/factors${q({ filter: JSON.stringify({ database_id: databaseId }), range: '[0,999]' })}`,
        { token },
      )
    ).body;
  /** Calculations (every mandant's) whose stored results cite `key`: counted by the text, independent of the route. */
  const citing = async (databaseId: number, key: string, mandantId?: number) => {
    let query = ctx.db
      .selectFrom('calculations')
      .innerJoin('calculation_state', 'calculation_state.calculation_id', 'calculations.id')
      .select(['calculations.id', 'calculation_state.results'])
      .where('calculation_state.database_id', '=', databaseId);
    if (mandantId !== undefined) query = query.where('calculations.mandant_id', '=', mandantId);
    const rows = await query.execute();
    // SQLite answers the JSON text, PostgreSQL the parsed value.
    const text = (results: unknown) => (typeof results === 'string' ? results : JSON.stringify(results));
    return rows.filter((row) => text(row.results).includes(`"${key}"`)).length;
  };

  it('counts the calculations a template version reaches, and those holding a renamed field or a dropped option', async () => {
    const admin = await ctx.login('admin@kontor.example');
    const brochure = (await ctx.request<TemplateRecord>('GET', '/api/templates/brochure', { token: admin })).body
      .definition;
    const all = await ctx.db
      .selectFrom('calculations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('template_id', '=', 'brochure')
      .executeTakeFirstOrThrow();
    const total = Number(all.n);
    expect(total).toBeGreaterThan(1);

    const next = renameField(structuredClone(brochure) as Template, { name: 'pages' }, 'page_count');
    const format = next.groups.flatMap((g) => g.fields).find((f) => f.name === 'format')!;
    format.options = format.options!.filter((option) => option.value !== 'A4');
    format.default = 'A5';
    const impact = await ctx.request<ChangeImpact>('POST', '/api/templates/impact', {
      token: admin,
      body: { template_id: 'brochure', definition: next },
    });
    expect(impact.status).toBe(200);
    expect(impact.body.calculations).toBe(total);
    expect(impact.body.by_template).toEqual([
      {
        key: 'brochure',
        label: 'Broschüre',
        count: total,
        link: `/calculations?filter=${encodeURIComponent('{"template_id":"brochure"}')}`,
      },
    ]);
    // Every demo brochure has 16 pages and is A4.
    expect(impact.body.fields).toEqual([
      { key: 'pages', label: 'Seiten (Inhalt)', count: total, link: null, change: 'renamed', to: 'page_count' },
    ]);
    expect(impact.body.options).toEqual([
      { key: 'A4', label: 'A4 (210 × 297 mm)', count: total, link: null, field: 'format', field_label: 'Format' },
    ]);
    expect(impact.body.by_database.reduce((sum, entry) => sum + entry.count!, 0)).toBe(total);

    // A version unchanged touches the same calculations, and names no field or option.
    const same = await ctx.request<ChangeImpact>('POST', '/api/templates/impact', {
      token: admin,
      body: { template_id: 'brochure', definition: brochure },
    });
    expect(same.body).toMatchObject({ calculations: total, fields: [], options: [] });

    // A draft that does not compile yet (a deleted field still named) is enough; one that breaks the format is not.
    const deleted = structuredClone(next);
    deleted.groups[0]!.fields = deleted.groups[0]!.fields.filter((f) => f.name !== 'page_count');
    const whileEditing = await ctx.request<ChangeImpact>('POST', '/api/templates/impact', {
      token: admin,
      body: { template_id: 'brochure', definition: deleted },
    });
    expect(whileEditing.status).toBe(200);
    expect(whileEditing.body.fields).toEqual([
      expect.objectContaining({ key: 'pages', change: 'removed', count: total }),
    ]);
    // Unknown templates and versions are 404.
    const broken = await ctx.request<{ errors: Record<string, string> }>('POST', '/api/templates/impact', {
      token: admin,
      body: { template_id: 'brochure', definition: { ...next, groups: 'none' } },
    });
    expect(broken.status).toBe(400);
    expect(
      (await ctx.request('POST', '/api/templates/impact', { token: admin, body: { template_id: 'nope' } })).status,
    ).toBe(404);
    expect(
      (
        await ctx.request('POST', '/api/templates/impact', {
          token: admin,
          body: { template_id: 'brochure', version: 99 },
        })
      ).status,
    ).toBe(404);
    // Provider admins only.
    const mandantAdmin = await ctx.login('admin@muster.example');
    expect(
      (await ctx.request('POST', '/api/templates/impact', { token: mandantAdmin, body: { template_id: 'brochure' } }))
        .status,
    ).toBe(403);
  });

  it("counts a factor change's calculations, templates and databases, in the caller's mandant only", async () => {
    const admin = await ctx.login('admin@kontor.example');
    const d2024 = await globalDatabase(admin, '2024');
    const copy = await ctx.request<FactorDatabaseRecord>('POST', '/api/databases', {
      token: admin,
      body: { name: 'Demo-Faktoren', version_label: '2024-impact', copy_from_id: d2024.id },
    });
    expect(copy.status).toBe(201);
    const truck = (await factorsOf(admin, copy.body.id)).find((f) => f.key === 'road_freight_truck')!;
    const expected = await citing(d2024.id, 'road_freight_truck');
    expect(expected).toBeGreaterThan(0);

    const impact = await ctx.request<ChangeImpact>('POST', `/api/databases/${copy.body.id}/impact`, {
      token: admin,
      body: { factor_id: truck.id },
    });
    expect(impact.status).toBe(200);
    expect(impact.body.calculations).toBe(expected);
    expect(impact.body.by_database).toEqual([
      expect.objectContaining({ key: String(d2024.id), count: expected, link: expect.stringContaining('database_id') }),
    ]);
    const reached = impact.body.templates.map((t) => t.key);
    expect(reached).toEqual(expect.arrayContaining(['brochure', 'flyer']));
    expect(reached).not.toContain('company-footprint');
    expect(impact.body.templates.find((t) => t.key === 'brochure')!.link).toBe('/templates/brochure');
    expect(impact.body.databases.map((d) => d.key)).toEqual([String(copy.body.id), String(d2024.id)]);

    // The database as a whole: every calculation on the version it replaces.
    const whole = await ctx.request<ChangeImpact>('POST', `/api/databases/${copy.body.id}/impact`, {
      token: admin,
      body: {},
    });
    const onBase = await ctx.db
      .selectFrom('calculation_state')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('database_id', '=', d2024.id)
      .executeTakeFirstOrThrow();
    expect(whole.body.calculations).toBe(Number(onBase.n));

    // A mandant admin's own copy: only their mandant's calculations count.
    const muster = await ctx.login('admin@muster.example');
    const mandantId = (
      await ctx.db
        .selectFrom('users')
        .select('mandant_id')
        .where('email', '=', 'admin@muster.example')
        .executeTakeFirstOrThrow()
    ).mandant_id!;
    const own = await ctx.request<FactorDatabaseRecord>('POST', '/api/databases', {
      token: muster,
      body: { name: 'Muster', version_label: 'm-impact', copy_from_id: d2024.id },
    });
    expect(own.status).toBe(201);
    const ownTruck = (await factorsOf(muster, own.body.id)).find((f) => f.key === 'road_freight_truck')!;
    const ownImpact = await ctx.request<ChangeImpact>('POST', `/api/databases/${own.body.id}/impact`, {
      token: muster,
      body: { factor_id: ownTruck.id },
    });
    expect(ownImpact.status).toBe(200);
    const ownExpected = await citing(d2024.id, 'road_freight_truck', Number(mandantId));
    expect(ownImpact.body.calculations).toBe(ownExpected);
    expect(ownExpected).toBeLessThan(expected);
    // The provider's draft is not the mandant admin's to change; another database's factor is missing.
    expect(
      (await ctx.request('POST', `/api/databases/${copy.body.id}/impact`, { token: muster, body: {} })).status,
    ).toBe(403);
    expect(
      (
        await ctx.request('POST', `/api/databases/${own.body.id}/impact`, {
          token: muster,
          body: { factor_id: truck.id },
        })
      ).status,
    ).toBe(404);
  });

  it('leaves a calculation whose factor changed category out of a migration, with the reason (failed before)', async () => {
    const admin = await ctx.login('admin@kontor.example');
    const d2024 = await globalDatabase(admin, '2024');
    const copy = await ctx.request<FactorDatabaseRecord>('POST', '/api/databases', {
      token: admin,
      body: { name: 'Demo-Faktoren', version_label: '2024-renamed', copy_from_id: d2024.id },
    });
    const truck = (await factorsOf(admin, copy.body.id)).find((f) => f.key === 'road_freight_truck')!;
    const moved = await ctx.request<FactorRecord>('PUT', `/api/factors/${truck.id}`, {
      token: admin,
      body: { category: 'freight' },
    });
    expect(moved.status).toBe(200);
    expect((await ctx.request('POST', `/api/databases/${copy.body.id}/publish`, { token: admin })).status).toBe(200);

    const muster = await ctx.login('admin@muster.example');
    const preview = await ctx.request<FactorMigrationRecord>('POST', '/api/migrations', {
      token: muster,
      body: { from_database_id: d2024.id, to_database_id: copy.body.id },
    });
    expect(preview.status).toBe(201);
    const items = (
      await ctx.request<FactorMigrationItemRecord[]>(
        'GET',
        `/api/migration-items${q({ filter: JSON.stringify({ migration_id: preview.body.id }), range: '[0,999]' })}`,
        { token: muster },
      )
    ).body;
    const trucks = items.filter((item) => item.template_id === 'brochure' || item.template_id === 'flyer');
    expect(trucks.length).toBeGreaterThan(0);
    for (const item of trucks) {
      expect(item.total_after).toBeNull();
      expect(item.excluded).toMatch(
        /„road_freight_truck“ gehört in der Faktordatenbank „Demo-Faktoren 2024-renamed“ nicht mehr zur Kategorie „transport“/,
      );
      expect(item.excluded).toMatch(/^„Verkehrsmittel“|^„[^“]+“:/);
    }
    // A calculation without the truck migrates as before.
    expect(items.some((item) => item.excluded === null)).toBe(true);
  });
});
