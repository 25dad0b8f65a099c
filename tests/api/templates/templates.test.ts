/**
 * The templates resource, and "admins add templates without code": a new template file copied
 * into a templates folder is listed, validates and computes calculations through the API, and
 * a broken file next to it is reported precisely and skipped while the others keep working.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, CalculationRecord, TemplateLoadErrorRecord, TemplateRecord } from '../../../src/core/api';
import { buildApp } from '../../../src/server/app';
import { DEMO_PASSWORD, describeEachDatabase, type TestContext } from '../harness';

const ROOT = path.resolve(__dirname, '../../..');
const SHIPPED = path.join(ROOT, 'schemas', 'templates');
const EXTRA = path.join(ROOT, 'tests', 'fixtures', 'templates-extra');

const q = (params: Record<string, string>) => `?${new URLSearchParams(params).toString()}`;

describeEachDatabase('templates resource', (ctx: TestContext) => {
  it('lists every shipped template with its label in the user\u2019s language and the full definition', async () => {
    const shipped = fs
      .readdirSync(SHIPPED)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace(/(\.v\d+)?\.json$/, ''))
      .filter((id, index, ids) => ids.indexOf(id) === index)
      .sort();
    const german = await ctx.request<TemplateRecord[]>('GET', '/api/templates', {
      token: await ctx.login('editor@muster.example'),
    });
    expect(german.status).toBe(200);
    expect(german.body.map((t) => t.id)).toEqual(shipped);
    expect(german.headers.get('content-range')).toBe(`templates 0-${shipped.length - 1}/${shipped.length}`);
    const brochure = german.body.find((t) => t.id === 'brochure')!;
    expect(brochure.label).toBe('Broschüre');
    expect(brochure.labels).toEqual({ de: 'Broschüre', en: 'Brochure', fr: 'Brochure', it: 'Opuscolo', es: 'Folleto' });
    expect(brochure).toMatchObject({ version: 3, type: 'product', icon: 'MenuBook' });
    expect(brochure.definition.groups.length).toBeGreaterThan(0);
    expect(brochure.definition.results.some((r) => r.primary)).toBe(true);
    const english = await ctx.request<TemplateRecord[]>('GET', '/api/templates', {
      token: await ctx.login('editor@printco.example'),
    });
    expect(english.body.find((t) => t.id === 'brochure')!.label).toBe('Brochure');
  });

  it('filters by type, searches, sorts, and reads one template', async () => {
    const token = await ctx.login('viewer@muster.example');
    const company = await ctx.request<TemplateRecord[]>('GET', `/api/templates${q({ filter: '{"type":"company"}' })}`, {
      token,
    });
    expect(company.body.map((t) => t.id)).toEqual(['company-footprint']);
    const products = await ctx.request<TemplateRecord[]>(
      'GET',
      `/api/templates${q({ filter: '{"type":"product"}', sort: '["label","DESC"]', range: '[0,1]' })}`,
      { token },
    );
    expect(products.body.map((t) => t.label)).toEqual(['Visitenkarten', 'Plakat']);
    expect(products.headers.get('content-range')).toMatch(/^templates 0-1\/\d+$/);
    const search = await ctx.request<TemplateRecord[]>('GET', `/api/templates${q({ filter: '{"q":"broSCH"}' })}`, {
      token,
    });
    expect(search.body.map((t) => t.id)).toEqual(['brochure']);
    const many = await ctx.request<TemplateRecord[]>(
      'GET',
      `/api/templates${q({ filter: '{"id":["flyer","poster"]}' })}`,
      { token },
    );
    expect(many.body.map((t) => t.id)).toEqual(['flyer', 'poster']);
    const one = await ctx.request<TemplateRecord>('GET', '/api/templates/flyer', { token });
    expect(one.status).toBe(200);
    expect(one.body.label).toBe('Flyer');
    expect((await ctx.request('GET', '/api/templates/rocket', { token })).status).toBe(404);
    expect((await ctx.request('GET', '/api/templates')).status).toBe(401);
    expect((await ctx.request('GET', `/api/templates${q({ sort: '["definition","ASC"]' })}`, { token })).status).toBe(
      400,
    );
  });

  it('reads the version a calculation was made with: published ones for everybody, no unknown ones (issue #34)', async () => {
    const token = await ctx.login('editor@muster.example');
    const v1 = await ctx.request<TemplateRecord>('GET', '/api/templates/brochure?version=1', { token });
    expect(v1.status).toBe(200);
    expect(v1.body).toMatchObject({ id: 'brochure', version: 1, label: 'Broschüre' });
    expect(v1.body.definition.version).toBe(1);
    const current = await ctx.request<TemplateRecord>('GET', '/api/templates/brochure', { token });
    expect(current.body.version).toBe(3);
    // The fields of version 1 differ from version 3's: the form a version-1 calculation opens with is version 1's.
    const names = (record: TemplateRecord) => record.definition.groups.flatMap((g) => g.fields.map((f) => f.name));
    expect(names(v1.body)).not.toEqual(names(current.body));
    expect((await ctx.request('GET', '/api/templates/brochure?version=3', { token })).body).toEqual(current.body);
    expect((await ctx.request('GET', '/api/templates/brochure?version=99', { token })).status).toBe(404);
    expect((await ctx.request('GET', '/api/templates/brochure?version=abc', { token })).status).toBe(400);
  });

  describe('a templates folder an admin changed', () => {
    let dir = '';
    let app: FastifyInstance;
    const call = async <T>(method: 'GET' | 'POST' | 'PUT', url: string, token?: string, body?: unknown) => {
      const res = await app.inject({
        method,
        url,
        payload: body as object,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      return { status: res.statusCode, headers: res.headers, body: res.json() as T };
    };
    const login = async (email: string) =>
      (await call<{ token: string }>('POST', '/api/auth/login', undefined, { email, password: DEMO_PASSWORD })).body
        .token;

    beforeAll(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kontor-templates-'));
      for (const file of ['brochure.json', 'flyer.json'])
        fs.copyFileSync(path.join(SHIPPED, file), path.join(dir, file));
      fs.copyFileSync(path.join(EXTRA, 'display-board.json'), path.join(dir, 'display-board.json'));
      // A shipped template with a typo in a formula, and a file that is not JSON at all.
      const poster = JSON.parse(fs.readFileSync(path.join(SHIPPED, 'poster.json'), 'utf8')) as {
        results: { formula: string }[];
      };
      poster.results[1]!.formula = `facter(paper) * ${poster.results[1]!.formula}`;
      fs.writeFileSync(path.join(dir, 'poster.json'), JSON.stringify(poster, null, 2));
      fs.writeFileSync(path.join(dir, 'notes.json'), '{ "id": "notes", ');
      fs.writeFileSync(path.join(dir, 'README.txt'), 'not a template');
      // A second app on the same database, started on that folder.
      app = await buildApp({
        config: { ...ctx.config, templatesDir: dir },
        database: { db: ctx.db, dialect: ctx.dialect, destroy: async () => undefined },
      });
    });
    afterAll(async () => {
      await app?.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('reports each broken file precisely and serves the others', async () => {
      expect(app.templates.errors).toHaveLength(2);
      expect(app.templates.errors[0]).toMatch(/^notes\.json: \/: invalid JSON at line 1, column \d+/);
      expect(app.templates.errors[1]).toBe("poster.json: /results/1/formula: unknown function 'facter'");
      const list = await call<TemplateRecord[]>('GET', '/api/templates', await login('editor@muster.example'));
      expect(list.status).toBe(200);
      expect(list.body.map((t) => t.id)).toEqual(['brochure', 'display-board', 'flyer']);
    });

    it('lists the rejected files for provider admins, in their language (issue #20)', async () => {
      const res = await call<TemplateLoadErrorRecord[]>(
        'GET',
        '/api/template-load-errors',
        await login('admin@kontor.example'),
      );
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(2);
      expect(res.body[0]).toMatchObject({ file: 'notes.json', pointer: '' });
      expect(res.body[0]!.message).toMatch(/^ungültiges JSON in Zeile 1, Spalte \d+/);
      expect(res.body[1]).toEqual({
        file: 'poster.json',
        pointer: '/results/1/formula',
        message: 'unbekannte Funktion „facter“',
      });
      for (const email of ['editor@muster.example', 'admin@muster.example']) {
        const refused = await call<ApiErrorBody>('GET', '/api/template-load-errors', await login(email));
        expect(refused.status, email).toBe(403);
      }
      expect((await call('GET', '/api/template-load-errors')).status).toBe(401);
    });

    it('lists the new template with its labels', async () => {
      const token = await login('editor@printco.example');
      const one = await call<TemplateRecord>('GET', '/api/templates/display-board', token);
      expect(one.status).toBe(200);
      expect(one.body).toMatchObject({
        id: 'display-board',
        version: 1,
        type: 'product',
        label: 'Display board',
        icon: 'CropPortrait',
      });
      expect(one.body.labels.de).toBe('Displaytafel');
      const types = new Set(one.body.definition.groups.flatMap((g) => g.fields.map((f) => f.type)));
      expect([...types].sort()).toEqual([
        'boolean',
        'date',
        'factor',
        'integer',
        'multiselect',
        'number',
        'select',
        'tags',
        'text',
        'textarea',
      ]);
      expect(one.body.definition.groups.some((g) => g.repeatable)).toBe(true);
    });

    it('validates and computes a calculation of the new template through the API', async () => {
      const token = await login('editor@muster.example');
      const inputs = {
        title: 'Messetafeln',
        notes: 'Für die Frühjahrsmesse',
        quantity: 4,
        width_m: 0.85,
        height_m: 2,
        finish: 'gloss',
        extras: ['hooks', 'easel'],
        with_stand: true,
        stand_kg: 1.5,
        delivery_date: '2026-03-01',
        tags: ['messe'],
        board: 'board_virgin',
        grammage: 500,
        electricity: 'electricity_de_grid',
        print_kwh_per_m2: 1.2,
        shipments: [
          { mode: 'road_freight_truck', distance_km: 200 },
          { mode: 'rail_freight', distance_km: 500 },
        ],
      };
      const res = await call<CalculationRecord>('POST', '/api/calculations', token, {
        template_id: 'display-board',
        inputs,
      });
      expect(res.status).toBe(201);
      // By hand, 2025 demo factors: area 4 × 0.85 × 2 = 6.8 m²; board 6.8 × (0.5 + 0.04) = 3.672 kg × 0.80 = 2.9376;
      // stands 4 × 1.5 = 6 kg × 0.68 = 4.08; printing 6.8 × 1.2 kWh × 0.427 = 3.48432;
      // transport (3.672 + 6) kg = 0.009672 t × (200 km × 0.112 + 500 km × 0.018) = 0.3037008.
      expect(res.body.results.values).toEqual({
        area_m2: expect.closeTo(6.8, 9),
        board_kg: expect.closeTo(3.672, 9),
        stand_total_kg: 6,
        board_co2e: expect.closeTo(2.9376, 9),
        stand_co2e: expect.closeTo(4.08, 9),
        printing_co2e: expect.closeTo(3.48432, 9),
        transport_co2e: expect.closeTo(0.3037008, 9),
        total_co2e: expect.closeTo(10.8056208, 9),
      });
      expect(res.body.total_co2e).toBeCloseTo(10.8056208, 9);
      expect(res.body.template_type).toBe('product');
      expect(res.body.title).toBe('Messetafeln');
      expect(res.body.tags).toEqual(['messe']);
      const listed = await call<CalculationRecord[]>(
        'GET',
        `/api/calculations${q({ filter: '{"template_id":"display-board"}' })}`,
        token,
      );
      expect(listed.body.map((c) => c.id)).toEqual([res.body.id]);
    });

    it('rejects a bad input of the new template field by field', async () => {
      const token = await login('editor@printco.example');
      const res = await call<ApiErrorBody>('POST', '/api/calculations', token, {
        template_id: 'display-board',
        inputs: {
          title: 'x'.repeat(81),
          quantity: 2.5,
          width_m: 0.853,
          height_m: 2,
          finish: 'velvet',
          extras: ['hooks', 'hooks'],
          with_stand: false,
          stand_kg: 3,
          delivery_date: '2026-02-30',
          tags: 'messe',
          board: 'paper_unknown',
          grammage: 500,
          electricity: 'electricity_de_grid',
          print_kwh_per_m2: -1,
          shipments: [{ mode: 'road_freight_truck' }, { mode: 'rail_freight', distance_km: 10, speed: 3 }],
          colour: 'red',
        },
      });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors!).sort()).toEqual(
        [
          'inputs.title',
          'inputs.quantity',
          'inputs.width_m',
          'inputs.finish',
          'inputs.extras',
          'inputs.stand_kg',
          'inputs.delivery_date',
          'inputs.tags',
          'inputs.board',
          'inputs.print_kwh_per_m2',
          'inputs.shipments.0.distance_km',
          'inputs.shipments.1.speed',
          'inputs.colour',
        ].sort(),
      );
      expect(res.body.errors!['inputs.title']).toBe('Title must be at most 80 characters long.');
      expect(res.body.errors!['inputs.shipments.0.distance_km']).toBe('Distance is required.');
      // The shipped templates in the same folder keep working.
      const flyer = await call<TemplateRecord>('GET', '/api/templates/flyer', token);
      expect(flyer.status).toBe(200);
      // A template removed from the folder is gone for new calculations.
      const poster = await call<ApiErrorBody>('POST', '/api/calculations', token, {
        template_id: 'poster',
        inputs: {},
      });
      expect(poster.status).toBe(400);
      expect(Object.keys(poster.body.errors!)).toEqual(['template_id']);
    });
  });
});

describe('templates folder that does not exist', () => {
  it('starts without templates instead of crashing', async () => {
    const { loadConfig } = await import('../../../src/server/config');
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kontor-notemplates-'));
    const config = loadConfig({
      DATA_DIR: tmp,
      DATABASE_URL: ':memory:',
      LOG_LEVEL: 'silent',
      DEMO_PASSWORD,
      TEMPLATES_DIR: path.join(tmp, 'missing'),
    });
    const app = await buildApp({ config });
    try {
      expect(app.templates.list()).toEqual([]);
      expect(app.templates.errors[0]).toMatch(/cannot read the templates folder/);
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'editor@muster.example', password: DEMO_PASSWORD },
      });
      const res = await app.inject({
        method: 'GET',
        url: '/api/templates',
        headers: { authorization: `Bearer ${login.json().token}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
      expect(res.headers['content-range']).toBe('templates */0');
    } finally {
      await app.close();
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
});
