/**
 * Factor categories are tenant data: a mandant admin names them in their own database, and the provider's template
 * editor reads every database's categories into one catalogue. A category named like an Object member
 * (`constructor`, `__proto__`) must neither break that catalogue nor anything else, and category names follow
 * FACTOR_CATEGORY_PATTERN in the API and the factor CSV.
 */
import { beforeAll, expect, it } from 'vitest';
import type { FactorDatabaseRecord, FactorRecord, TemplateVersionRecord } from '../../src/core/api';
import { describeEachDatabase } from './harness';

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
          { name: 'weight_kg', type: 'number', label: text('Weight'), unit: 'kg', rules: ['required', 'min:0'], default: 1 },
        ],
      },
    ],
    results: [{ name: 'total_co2e', label: text('Total'), unit: 'kg CO2e', formula: 'weight_kg * factor(paper)', primary: true }],
    list: { columns: ['title', 'total_co2e'] },
  };
}

describeEachDatabase('factor categories', (ctx) => {
  let mandantAdmin = '';
  let provider = '';
  let draft: FactorDatabaseRecord;
  const factorBody = (category: string, key = `k_${Math.random().toString(36).slice(2, 8)}`) => ({ database_id: draft.id, key, category, unit: 'kg', value: 1 });

  beforeAll(async () => {
    mandantAdmin = await ctx.login('admin@muster.example');
    provider = await ctx.login('admin@kontor.example');
    const base = (await ctx.request<FactorDatabaseRecord[]>('GET', '/api/databases', { token: mandantAdmin })).body.find((d) => d.status === 'published' && d.mandant_id === null)!;
    const derived = await ctx.request<FactorDatabaseRecord>('POST', '/api/databases', { token: mandantAdmin, body: { name: 'Muster categories', version_label: 'c1', copy_from_id: base.id } });
    expect(derived.status).toBe(201);
    draft = derived.body;
  });

  it('refuses category names outside the pattern, in the API and in the factor CSV', async () => {
    for (const category of ['__proto__', 'Paper Stock', 'paper-stock', '1paper', '', 'x'.repeat(101)]) {
      const res = await ctx.request<{ errors?: Record<string, string> }>('POST', '/api/factors', { token: mandantAdmin, body: factorBody(category) });
      expect(res.status, category).toBe(400);
      expect(Object.keys(res.body.errors ?? {}), category).toContain('category');
    }
    const csv = 'key,category,unit,value\nfine_one,paper,kg,1\nbad_one,__proto__,kg,1\n';
    const imported = await ctx.request<{ errors: Record<string, string> }>('POST', `/api/databases/${draft.id}/import`, { token: mandantAdmin, body: { csv } });
    expect(imported.status).toBe(400);
    expect(Object.keys(imported.body.errors)).toEqual(['csv.3.category']);
    const kept = await ctx.request<FactorRecord>('POST', '/api/factors', { token: mandantAdmin, body: factorBody('paper_stock_2') });
    expect(kept.status).toBe(201);
  });

  it('a published category named `constructor` leaves the template editor and calculations working', async () => {
    expect((await ctx.request('POST', '/api/factors', { token: mandantAdmin, body: factorBody('constructor', 'ctor_factor') })).status).toBe(201);
    const published = await ctx.request<FactorDatabaseRecord>('POST', `/api/databases/${draft.id}/publish`, { token: mandantAdmin });
    expect(published.status).toBe(200);
    // Rows written before the pattern existed: names no API call can create any more.
    for (const category of ['__proto__', 'hasOwnProperty', 'toString']) {
      await ctx.db
        .insertInto('factors')
        .values({ database_id: draft.id, key: `legacy_${category.replace(/_/g, '')}`, category, unit: 'kg', value: 1, label: JSON.stringify(text(category)), source: '', year: null, region: null, demo: false })
        .execute();
    }

    const saved = await ctx.request<TemplateVersionRecord>('POST', '/api/templates', { token: provider, body: { definition: sheet('sheet'), mode: 'new' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const copy = await ctx.request<TemplateVersionRecord>('POST', '/api/templates/brochure/versions/1/copy', { token: provider, body: { id: 'brochure-copy' } });
    expect(copy.status, JSON.stringify(copy.body)).toBe(201);
    expect((await ctx.request('GET', '/api/templates', { token: provider })).status).toBe(200);

    // The database with those categories still computes a calculation.
    const calculation = await ctx.request<{ total_co2e: number }>('POST', '/api/calculations', {
      token: mandantAdmin,
      body: { template_id: 'brochure', database_id: draft.id, inputs: { title: 'With odd categories', quantity: 100, format: 'A4', pages: 4, paper: 'paper_virgin', grammage: 100, spoilage_pct: 0, has_cover: false, energy_kwh_per_1000: 2, electricity: 'electricity_de_grid' } },
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
    const other = await ctx.request<Category[]>('GET', '/api/factor-categories', { token: await ctx.login('admin@printco.example') });
    expect(other.status).toBe(200);
    expect(other.body.map((c) => c.key)).not.toContain('constructor');
    expect(other.body.map((c) => c.key)).toContain('paper');
    expect((await ctx.request<Category[]>('GET', '/api/factor-categories', { token: provider })).body.map((c) => c.key)).toContain('constructor');
    expect((await ctx.request('GET', '/api/factor-categories')).status).toBe(401);
  });
});
