/**
 * Factor categories are tenant data: a mandant admin names them in their own database, and the provider's template
 * editor reads every database's categories into one catalogue. A category named like an Object member
 * (`constructor`, `__proto__`) must neither break that catalogue nor anything else, and category names follow
 * FACTOR_CATEGORY_PATTERN in the API and the factor CSV.
 */
import { beforeAll, expect, it } from 'vitest';
import type { FactorDatabaseRecord, FactorRecord, TemplateVersionRecord } from '../../../src/core/api';
import { describeEachDatabase } from '../harness';

const text = (en: string) => ({ de: `${en} (de)`, en, fr: `${en} (fr)`, it: `${en} (it)`, es: `${en} (es)` });

/** A one-field template whose default is a factor of category `paper`, so the catalogue is consulted when it is saved. */
function sheet(id: string) {
  return {
    id,
    version: 1,
    type: 'product',
    icon: 'Description',
    label: text('Sheet'),
    groups: [
      {
        id: 'general',
        label: text('General'),
        fields: [
          { name: 'title', type: 'text', label: text('Title'), rules: ['required'] },
          { name: 'paper', type: 'factor', category: 'paper', label: text('Paper'), default: 'paper_virgin' },
          {
            name: 'weight_kg',
            type: 'number',
            label: text('Weight'),
            unit: 'kg',
            rules: ['required', 'min:0'],
            default: 1,
          },
        ],
      },
    ],
    results: [
      {
        name: 'total_co2e',
        label: text('Total'),
        unit: 'kg CO2e',
        formula: 'weight_kg * factor(paper)',
        primary: true,
      },
    ],
    list: { columns: ['title', 'total_co2e'] },
  };
}

describeEachDatabase('factor categories', (ctx) => {
  let mandantAdmin = '';
  let provider = '';
  let draft: FactorDatabaseRecord;
  const factorBody = (category: string, key = `k_${Math.random().toString(36).slice(2, 8)}`) => ({
    database_id: draft.id,
    key,
    category,
    unit: 'kg',
    value: 1,
  });

  beforeAll(async () => {
    mandantAdmin = await ctx.login('admin@muster.example');
    provider = await ctx.login('admin@kontor.example');
    const base = (
      await ctx.request<FactorDatabaseRecord[]>('GET', '/api/databases', { token: mandantAdmin })
    ).body.find((d) => d.status === 'published' && d.mandant_id === null)!;
    const derived = await ctx.request<FactorDatabaseRecord>('POST', '/api/databases', {
      token: mandantAdmin,
      body: { name: 'Muster categories', version_label: 'c1', copy_from_id: base.id },
    });
    expect(derived.status).toBe(201);
    draft = derived.body;
  });

  it('refuses category names outside the pattern, in the API and in the factor CSV', async () => {
    for (const category of ['__proto__', 'Paper Stock', 'paper-stock', '1paper', '', 'x'.repeat(101)]) {
      const res = await ctx.request<{ errors?: Record<string, string> }>('POST', '/api/factors', {
        token: mandantAdmin,
        body: factorBody(category),
      });
      expect(res.status, category).toBe(400);
      expect(Object.keys(res.body.errors ?? {}), category).toContain('category');
    }
    const csv = 'key,category,unit,value\nfine_one,paper,kg,1\nbad_one,__proto__,kg,1\n';
    const imported = await ctx.request<{ errors: Record<string, string> }>(
      'POST',
      `/api/databases/${draft.id}/import`,
      { token: mandantAdmin, body: { csv } },
    );
    expect(imported.status).toBe(400);
    expect(Object.keys(imported.body.errors)).toEqual(['csv.3.category']);
    const kept = await ctx.request<FactorRecord>('POST', '/api/factors', {
      token: mandantAdmin,
      body: factorBody('paper_stock_2'),
    });
    expect(kept.status).toBe(201);
  });

  it('a published category named `constructor` leaves the template editor and calculations working', async () => {
    expect(
      (
        await ctx.request('POST', '/api/factors', {
          token: mandantAdmin,
          body: factorBody('constructor', 'ctor_factor'),
        })
      ).status,
    ).toBe(201);
    const published = await ctx.request<FactorDatabaseRecord>('POST', `/api/databases/${draft.id}/publish`, {
      token: mandantAdmin,
    });
    expect(published.status).toBe(200);
    // Rows written before the pattern existed: names no API call can create any more.
    for (const category of ['__proto__', 'hasOwnProperty', 'toString']) {
      await ctx.db
        .insertInto('factors')
        .values({
          database_id: draft.id,
          key: `legacy_${category.replace(/_/g, '')}`,
          category,
          unit: 'kg',
          value: 1,
          label: JSON.stringify(text(category)),
          source: '',
          year: null,
          region: null,
          demo: false,
        })
        .execute();
    }

    const saved = await ctx.request<TemplateVersionRecord>('POST', '/api/templates', {
      token: provider,
      body: { definition: sheet('sheet'), mode: 'new' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const copy = await ctx.request<TemplateVersionRecord>('POST', '/api/templates/brochure/versions/1/copy', {
      token: provider,
      body: { id: 'brochure-copy' },
    });
    expect(copy.status, JSON.stringify(copy.body)).toBe(201);
    expect((await ctx.request('GET', '/api/templates', { token: provider })).status).toBe(200);

    // The database with those categories still computes a calculation.
    const calculation = await ctx.request<{ total_co2e: number }>('POST', '/api/calculations', {
      token: mandantAdmin,
      body: {
        template_id: 'brochure',
        template_version: 1,
        database_id: draft.id,
        inputs: {
          title: 'With odd categories',
          quantity: 100,
          format: 'A4',
          pages: 4,
          paper: 'paper_virgin',
          grammage: 100,
          spoilage_pct: 0,
          has_cover: false,
          energy_kwh_per_1000: 2,
          electricity: 'electricity_de_grid',
        },
      },
    });
    expect(calculation.status, JSON.stringify(calculation.body)).toBe(201);
  });

  it('lists the categories by key for the template editor, each caller only those of the databases they see (issue #20)', async () => {
    type Category = { key: string; factor_count: number };
    const own = await ctx.request<Category[]>('GET', '/api/factor-categories', { token: mandantAdmin });
    expect(own.status).toBe(200);
    const keys = own.body.map((c) => c.key);
    expect(keys).toEqual(expect.arrayContaining(['paper', 'transport', 'constructor']));
    expect(keys).toEqual([...keys].sort());
    expect(own.body.find((c) => c.key === 'paper')!.factor_count).toBeGreaterThan(0);
    // Another mandant does not see Muster's draft database, so not its own category either.
    const other = await ctx.request<Category[]>('GET', '/api/factor-categories', {
      token: await ctx.login('admin@printco.example'),
    });
    expect(other.status).toBe(200);
    expect(other.body.map((c) => c.key)).not.toContain('constructor');
    expect(other.body.map((c) => c.key)).toContain('paper');
    expect(
      (await ctx.request<Category[]>('GET', '/api/factor-categories', { token: provider })).body.map((c) => c.key),
    ).toContain('constructor');
    expect((await ctx.request('GET', '/api/factor-categories')).status).toBe(401);
  });

  it('names a category in five languages, scoped like factor databases: the provider for all, a mandant admin for their own (issue #20)', async () => {
    type Category = { key: string; factor_count: number; label: Record<string, string> | null };
    const labelFace = text('Label face');
    const named = await ctx.request<Category>('PUT', '/api/factor-categories/label_face', {
      token: provider,
      body: { label: labelFace },
    });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    expect(named.body).toEqual({ key: 'label_face', factor_count: 0, factor_keys: [], label: labelFace });
    // Named before its first factor: listed for every mandant, with the provider's name.
    const listed = async (token: string) =>
      (await ctx.request<Category[]>('GET', '/api/factor-categories', { token })).body.find(
        (c) => c.key === 'label_face',
      );
    const printco = await ctx.login('admin@printco.example');
    expect((await listed(mandantAdmin))?.label).toEqual(labelFace);
    expect((await listed(printco))?.label).toEqual(labelFace);
    // A mandant admin's own name wins for their mandant only; naming again replaces it.
    const own = { ...text('Etikettenvorderseite'), de: 'Etikettenvorderseite' };
    expect(
      (
        await ctx.request('PUT', '/api/factor-categories/label_face', {
          token: mandantAdmin,
          body: { label: text('first try') },
        })
      ).status,
    ).toBe(200);
    const renamed = await ctx.request<Category>('PUT', '/api/factor-categories/label_face', {
      token: mandantAdmin,
      body: { label: own },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.label).toEqual(own);
    expect((await listed(mandantAdmin))?.label).toEqual(own);
    expect((await listed(printco))?.label).toEqual(labelFace);
    expect((await listed(provider))?.label).toEqual(labelFace);
    // A factor of the category counts in the listing.
    expect(
      (
        await ctx.request('POST', '/api/factors', {
          token: mandantAdmin,
          body: {
            database_id: (
              await ctx.request<FactorDatabaseRecord>('POST', '/api/databases', {
                token: mandantAdmin,
                body: { name: 'Muster labels', version_label: 'l1', copy_from_id: draft.id },
              })
            ).body.id,
            key: 'label_face_paper',
            category: 'label_face',
            unit: 'kg',
            value: 1,
          },
        })
      ).status,
    ).toBe(201);
    expect((await listed(mandantAdmin))?.factor_count).toBe(1);
    expect((await listed(printco))?.factor_count).toBe(0);
  });

  it('answers 400, 401 and 403 for bad names, keys and callers, never 500', async () => {
    const put = (key: string, body: unknown, token = provider) =>
      ctx.request('PUT', `/api/factor-categories/${key}`, { token, body });
    expect((await ctx.request('PUT', '/api/factor-categories/label_face', { body: { label: text('x') } })).status).toBe(
      401,
    );
    expect((await put('label_face', { label: text('x') }, await ctx.login('editor@muster.example'))).status).toBe(403);
    for (const key of ['__proto__', 'Label', '1abc', encodeURIComponent('a b')])
      expect((await put(key, { label: text('x') })).status, key).toBe(400);
    // Fastify refuses path parameters over 100 characters before the route sees them.
    expect([400, 414]).toContain((await put('x'.repeat(101), { label: text('x') })).status);
    for (const body of [
      {},
      { label: {} },
      { label: { de: 'x' } },
      { label: { ...text('x'), en: '  ' } },
      { label: { ...text('x'), de: 'x'.repeat(101) } },
      null,
      'text',
    ]) {
      expect((await put('label_face', body)).status, JSON.stringify(body)).toBe(400);
    }
    // Properties the contract does not know are dropped (the server's Ajv removes them), not stored.
    const extra = await ctx.request<{ label: Record<string, string> }>('PUT', '/api/factor-categories/label_extra', {
      token: provider,
      body: { label: { ...text('x'), xx: 'x' }, mandant_id: 1 },
    });
    expect(extra.status).toBe(200);
    expect(Object.keys(extra.body.label).sort()).toEqual(['de', 'en', 'es', 'fr', 'it']);
  });
});
