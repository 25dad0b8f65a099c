/**
 * The template editor's API: provider admins save templates and versions (checked like a file at
 * load time), publish, delete unused versions, copy shipped templates and export; drafts stay
 * hidden from mandant users; a published app template computes calculations; a second process
 * on the same database sees the versions the first one created.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ApiErrorBody,
  CalculationRecord,
  TemplateEditorInfo,
  TemplateRecord,
  TemplateVersionRecord,
} from '../../../src/core/api';
import { buildApp } from '../../../src/server/app';
import { describeEachDatabase, type TestContext } from '../harness';

type Listed = TemplateRecord & TemplateEditorInfo;
const text = (en: string) => ({ de: `${en} (de)`, en, fr: `${en} (fr)`, it: `${en} (it)`, es: `${en} (es)` });

/** An envelope: quantity × the summed weight of its parts (a repeatable group), 2 kg CO2e per kg. */
function envelope(id = 'envelope', factor = 2) {
  return {
    id,
    version: 1,
    type: 'product',
    icon: 'Email',
    label: text('Envelope'),
    groups: [
      {
        id: 'general',
        label: text('General'),
        fields: [
          { name: 'title', type: 'text', label: text('Title'), rules: ['required'] },
          {
            name: 'quantity',
            type: 'integer',
            label: text('Quantity'),
            unit: 'pcs',
            rules: ['required', 'min:1'],
            default: 1000,
          },
        ],
      },
      {
        id: 'parts',
        label: text('Parts'),
        repeatable: true,
        fields: [{ name: 'weight_g', type: 'number', label: text('Weight'), unit: 'g', rules: ['required', 'min:0'] }],
      },
    ],
    results: [
      { name: 'paper_kg', label: text('Paper'), unit: 'kg', formula: 'quantity * sum(parts, weight_g) / 1000' },
      { name: 'total_co2e', label: text('Total'), unit: 'kg CO2e', formula: `paper_kg * ${factor}`, primary: true },
    ],
    list: { columns: ['title', 'quantity', 'total_co2e'] },
  };
}

describeEachDatabase('template editor API', (ctx: TestContext) => {
  let admin = '';
  beforeAll(async () => {
    admin = await ctx.login('admin@kontor.example');
  });
  const post = <T>(url: string, body: unknown, token = admin) => ctx.request<T>('POST', url, { token, body });

  it('saves a new template as a draft, hidden from mandant users until published', async () => {
    const saved = await post<TemplateVersionRecord>('/api/templates', { definition: envelope(), mode: 'new' });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({
      id: 'envelope@1',
      template_id: 'envelope',
      version: 1,
      status: 'draft',
      source: 'app',
      usage: 0,
    });

    const adminList = await ctx.request<Listed[]>('GET', '/api/templates', { token: admin });
    expect(adminList.body.find((t) => t.id === 'envelope')).toMatchObject({
      source: 'app',
      status: 'draft',
      version_count: 1,
    });
    expect(adminList.body.find((t) => t.id === 'brochure')).toMatchObject({ source: 'file', status: 'published' });

    const editor = await ctx.login('editor@muster.example');
    const mandantList = await ctx.request<Listed[]>('GET', '/api/templates', { token: editor });
    expect(mandantList.body.map((t) => t.id)).not.toContain('envelope');
    expect((await ctx.request('GET', '/api/templates/envelope', { token: editor })).status).toBe(404);
    expect((await ctx.request('GET', '/api/templates/envelope', { token: admin })).status).toBe(200);
    // Mandant users can neither write nor see the versions.
    expect((await post('/api/templates', { definition: envelope('mine') }, editor)).status).toBe(403);
    expect(
      (await ctx.request('GET', '/api/templates/envelope/versions', { token: await ctx.login('admin@muster.example') }))
        .status,
    ).toBe(403);

    const published = await post<TemplateVersionRecord>('/api/templates/envelope/versions/1/publish', {});
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ status: 'published' });
    expect(published.body.published_at).toBeTruthy();
    expect((await post('/api/templates/envelope/versions/1/publish', {})).status).toBe(409);
    const visible = await ctx.request<Listed>('GET', '/api/templates/envelope', { token: editor });
    expect(visible.status).toBe(200);
    expect(visible.body).toMatchObject({ version: 1, label: 'Envelope (de)', source: 'app', status: 'published' });
  });

  it('computes a calculation with the published app template, and keeps its version when a new one is saved', async () => {
    const editor = await ctx.login('editor@muster.example');
    const created = await post<CalculationRecord>(
      '/api/calculations',
      {
        template_id: 'envelope',
        inputs: { title: 'Mailing', quantity: 2000, parts: [{ weight_g: 4 }, { weight_g: 1.5 }] },
      },
      editor,
    );
    expect(created.status).toBe(201);
    // 2000 × 5.5 g = 11 kg paper, × 2 = 22 kg CO2e
    expect(created.body.total_co2e).toBeCloseTo(22, 9);
    expect(created.body).toMatchObject({ template_id: 'envelope', template_version: 1 });

    // Version 2 (a higher factor) is a draft: new calculations still use version 1.
    const v2 = await post<TemplateVersionRecord>('/api/templates', { definition: envelope('envelope', 3) });
    expect(v2.status).toBe(201);
    expect(v2.body).toMatchObject({ version: 2, status: 'draft' });
    expect((await ctx.request<Listed>('GET', '/api/templates/envelope', { token: editor })).body.version).toBe(1);
    // Naming the draft version does not help a mandant user: for them it does not exist.
    const guessed = await post<{ errors: Record<string, string> }>(
      '/api/calculations',
      {
        template_id: 'envelope',
        template_version: 2,
        inputs: { title: 'Draft', quantity: 10, parts: [{ weight_g: 1 }] },
      },
      editor,
    );
    expect(guessed.status).toBe(400);
    expect(Object.keys(guessed.body.errors)).toEqual(['template_version']);
    await post('/api/templates/envelope/versions/2/publish', {});
    const second = await post<CalculationRecord>(
      '/api/calculations',
      { template_id: 'envelope', inputs: { title: 'B', quantity: 1000, parts: [{ weight_g: 1 }] } },
      editor,
    );
    expect(second.body).toMatchObject({ template_version: 2, total_co2e: 3 });
    const first = await ctx.request<CalculationRecord>('GET', `/api/calculations/${created.body.id}`, {
      token: editor,
    });
    expect(first.body).toMatchObject({ template_version: 1, total_co2e: 22 });

    const versions = await ctx.request<TemplateVersionRecord[]>('GET', '/api/templates/envelope/versions', {
      token: admin,
    });
    expect(versions.body.map((v) => [v.version, v.status, v.usage])).toEqual([
      [2, 'published', 1],
      [1, 'published', 1],
    ]);
    const list = await ctx.request<Listed[]>('GET', '/api/templates', { token: admin });
    expect(list.body.find((t) => t.id === 'envelope')).toMatchObject({ version: 2, version_count: 2, usage: 2 });
  });

  it('refuses invalid JSON, failing checks and id clashes precisely, saving nothing', async () => {
    const count = async () =>
      (
        await ctx.db
          .selectFrom('template_versions')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = Number(await count());

    const broken = await post<ApiErrorBody>('/api/templates', { definition: '{ "id": "letter", ' });
    expect(broken.status).toBe(400);
    // The provider admin reads German: the checker's messages come in the reader's language (issue #20).
    expect(broken.body.errors?.['/']).toMatch(/^ungültiges JSON in Zeile 1, Spalte \d+/);

    const bad = envelope('letter');
    bad.results[1]!.formula = 'paper_kg * factr(2)';
    (bad.groups[0]!.fields[1] as { rules: string[] }).rules = ['required', 'atleast:1'];
    const failing = await post<ApiErrorBody>('/api/templates', { definition: bad });
    expect(failing.status).toBe(400);
    expect(failing.body.errors).toMatchObject({
      '/results/1/formula': expect.stringMatching(/unbekannte Funktion „factr“/),
      '/groups/0/fields/1/rules/1': 'unbekannte Regel „atleast“',
    });

    const schemaFault = { ...envelope('letter'), label: { de: 'Brief' } };
    const meta = await post<ApiErrorBody>('/api/templates', { definition: schemaFault });
    expect(meta.status).toBe(400);
    expect(Object.keys(meta.body.errors ?? {})).toContain('/label');
    expect(meta.body.errors?.['/label']).toBe('Pflichtangabe „en“ fehlt');

    const clash = await post<ApiErrorBody>('/api/templates', { definition: envelope('brochure') });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toMatch(/brochure/);
    const taken = await post<ApiErrorBody>('/api/templates', { definition: envelope('envelope'), mode: 'new' });
    expect(taken.status).toBe(409);

    expect(Number(await count())).toBe(before);
  });

  it('refuses a misspelled factor key in a formula against the factor databases there are (issue #34)', async () => {
    const typo = envelope('letter-typo');
    typo.results[1]!.formula = "paper_kg * factor('paper_virgn')";
    const refused = await post<ApiErrorBody>('/api/templates', { definition: typo, mode: 'new' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.['/results/1/formula']).toMatch(/unbekannter Faktor „paper_virgn“/);
    const spelled = envelope('letter-typo');
    spelled.results[1]!.formula = "paper_kg * factor('paper_virgin')";
    expect((await post('/api/templates', { definition: spelled, mode: 'new' })).status).toBe(201);
  });

  it('deletes only unused app versions; shipped templates stay', async () => {
    const inUse = await ctx.request<ApiErrorBody>('DELETE', '/api/templates/envelope/versions/1', { token: admin });
    expect(inUse.status).toBe(409);
    expect(inUse.body.message).toMatch(/1/);
    expect((await ctx.request('DELETE', '/api/templates/brochure/versions/1', { token: admin })).status).toBe(409);
    expect((await ctx.request('DELETE', '/api/templates/envelope/versions/9', { token: admin })).status).toBe(404);

    await post('/api/templates', { definition: envelope('envelope', 4) });
    const removed = await ctx.request<TemplateVersionRecord>('DELETE', '/api/templates/envelope/versions/3', {
      token: admin,
    });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ version: 3, status: 'draft' });
    const versions = await ctx.request<TemplateVersionRecord[]>('GET', '/api/templates/envelope/versions', {
      token: admin,
    });
    expect(versions.body.map((v) => v.version)).toEqual([2, 1]);

    const protocol = await ctx.db
      .selectFrom('protocol')
      .select(['action', 'record_id'])
      .where('resource', '=', 'templates')
      .orderBy('id')
      .execute();
    expect(protocol.map((p) => `${p.action} ${p.record_id}`)).toEqual(
      expect.arrayContaining([
        'created envelope@1',
        'status_changed envelope@1',
        'created envelope@3',
        'deleted envelope@3',
      ]),
    );
  });

  it('copies a shipped template under a new id and exports a version as a file', async () => {
    const copy = await post<TemplateVersionRecord>('/api/templates/brochure/versions/1/copy', { id: 'brochure-eco' });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ template_id: 'brochure-eco', version: 1, status: 'draft', source: 'app' });
    expect((await post('/api/templates/brochure/versions/1/copy', { id: 'flyer' })).status).toBe(409);

    const file = await ctx.request<string>('GET', '/api/templates/brochure-eco/versions/1/export', { token: admin });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="brochure-eco.json"');
    const exported = JSON.parse(typeof file.body === 'string' ? file.body : JSON.stringify(file.body)) as {
      id: string;
      version: number;
      $schema: string;
    };
    expect(exported).toMatchObject({ id: 'brochure-eco', version: 1, $schema: '../template.schema.json' });
    expect((await ctx.request('GET', '/api/templates/flyer/versions/1/export', { token: admin })).status).toBe(200);
    expect(
      (
        await ctx.request('GET', '/api/templates/flyer/versions/1/export', {
          token: await ctx.login('editor@muster.example'),
        })
      ).status,
    ).toBe(403);
  });

  describe('a second process on the same database', () => {
    let other: FastifyInstance;
    beforeAll(async () => {
      other = await buildApp({
        config: ctx.config,
        database: { db: ctx.db, dialect: ctx.dialect, destroy: async () => undefined },
      });
    });
    afterAll(async () => {
      await other?.close();
    });

    it('sees versions the first one creates and publishes, without a restart', async () => {
      const token = await ctx.login('editor@printco.example');
      const read = async () => {
        const res = await other.inject({
          method: 'GET',
          url: '/api/templates',
          headers: { authorization: `Bearer ${token}` },
        });
        return (res.json() as Listed[]).map((t) => `${t.id}@${t.version}`);
      };
      expect(await read()).not.toContain('parcel@1');
      await post('/api/templates', { definition: envelope('parcel'), status: 'published' });
      expect(await read()).toContain('parcel@1');
      await post('/api/templates', { definition: envelope('parcel', 5), status: 'published' });
      expect(await read()).toContain('parcel@2');
      expect(other.templates.resolve('parcel', 1)).toBeDefined();
    });
  });
});
