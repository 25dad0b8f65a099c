/**
 * The unit catalogue (issue #20): provider admins keep word units with labels in five languages, everyone signed in
 * reads them; each write has its protocol entry; the template editor's save refuses a word unit the catalogue lacks
 * and accepts it once added; a unit in use or built in stays.
 */
import { beforeAll, expect, it } from 'vitest';
import type { ApiErrorBody, ProtocolEntryRecord, UnitRecord } from '../../../src/core/api';
import { describeEachDatabase, type TestContext } from '../harness';

const text = (en: string) => ({ de: `${en} (de)`, en, fr: `${en} (fr)`, it: `${en} (it)`, es: `${en} (es)` });

function labelTemplate(id: string, unit: string) {
  return {
    id,
    version: 1,
    type: 'product',
    icon: 'Label',
    label: text('Labels'),
    groups: [
      {
        id: 'general',
        label: text('General'),
        fields: [
          { name: 'rolls', type: 'integer', label: text('Rolls'), unit, rules: ['required', 'min:1'], default: 10 },
        ],
      },
    ],
    results: [{ name: 'total_co2e', label: text('Total'), unit: 'kg CO2e', formula: 'rolls * 0.5', primary: true }],
    list: { columns: ['rolls', 'total_co2e'] },
  };
}

describeEachDatabase('units API', (ctx: TestContext) => {
  let admin = '';
  let editor = '';
  let mandantAdmin = '';
  beforeAll(async () => {
    admin = await ctx.login('admin@kontor.example');
    editor = await ctx.login('editor@printco.example');
    mandantAdmin = await ctx.login('admin@muster.example');
  });

  it('lists the built-in units to everyone signed in, through the list engine', async () => {
    const listed = await ctx.request<UnitRecord[]>('GET', '/api/units?sort=["key","ASC"]&range=[0,49]', {
      token: editor,
    });
    expect(listed.status).toBe(200);
    expect(listed.headers.get('content-range')).toMatch(/^units 0-\d+\/\d+$/);
    const sheets = listed.body.find((unit) => unit.key === 'sheets');
    expect(sheets).toMatchObject({ builtin: true, label: { de: 'Bogen', en: 'sheets' }, singular: null });
    expect(listed.body.map((unit) => unit.key)).toEqual([...listed.body.map((unit) => unit.key)].sort());
    const searched = await ctx.request<UnitRecord[]>('GET', `/api/units?filter=${encodeURIComponent('{"q":"shee"}')}`, {
      token: editor,
    });
    expect(searched.body.map((unit) => unit.key)).toEqual(['sheets']);
    expect((await ctx.request('GET', '/api/units')).status).toBe(401);
  });

  it('lets only provider admins write, and protocols each write', async () => {
    const body = {
      key: 'rolls',
      label: { de: 'Rollen', en: 'rolls', fr: 'rouleaux', it: 'rotoli', es: 'rollos' },
      singular: { de: 'Rolle', en: 'roll', fr: 'rouleau', it: 'rotolo', es: 'rollo' },
    };
    expect((await ctx.request('POST', '/api/units', { token: editor, body })).status).toBe(403);
    expect((await ctx.request('POST', '/api/units', { token: mandantAdmin, body })).status).toBe(403);
    const created = await ctx.request<UnitRecord>('POST', '/api/units', { token: admin, body });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ key: 'rolls', builtin: false, version: 1, singular: { en: 'roll' } });
    const twice = await ctx.request<ApiErrorBody>('POST', '/api/units', { token: admin, body });
    expect(twice.status).toBe(409);

    const id = created.body.id;
    expect((await ctx.request('PUT', `/api/units/${id}`, { token: editor, body: { label: body.label } })).status).toBe(
      403,
    );
    const updated = await ctx.request<UnitRecord>('PUT', `/api/units/${id}`, {
      token: admin,
      body: { ...created.body, label: { ...body.label, de: 'Rollen (Etiketten)' } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ version: 2, label: { de: 'Rollen (Etiketten)' } });
    const stale = await ctx.request('PUT', `/api/units/${id}`, {
      token: admin,
      body: { ...created.body, label: body.label },
    });
    expect(stale.status).toBe(409);

    const protocol = await ctx.request<ProtocolEntryRecord[]>(
      'GET',
      `/api/protocol?filter=${encodeURIComponent('{"resource":"units"}')}`,
      { token: admin },
    );
    expect(protocol.status).toBe(200);
    expect(protocol.body.map((entry) => entry.action).sort()).toEqual(['created', 'updated']);

    const readable = await ctx.request<UnitRecord>('GET', `/api/units/${id}`, { token: editor });
    expect(readable.body.label.de).toBe('Rollen (Etiketten)');
  });

  it('refuses bad keys and empty labels with 400', async () => {
    const label = text('x');
    for (const body of [
      { key: 'has space', label },
      { key: '1st', label },
      { key: 'ok', label: { ...label, fr: ' ' } },
      { key: 'ok', label: { de: 'x' } },
      { key: 'ok', label, singular: {} },
    ]) {
      expect((await ctx.request('POST', '/api/units', { token: admin, body })).status, JSON.stringify(body)).toBe(400);
    }
  });

  it('the template editor refuses an unknown word unit and accepts it once it is in the catalogue', async () => {
    const refused = await ctx.request<ApiErrorBody>('POST', '/api/templates', {
      token: admin,
      body: { definition: labelTemplate('etiketten', 'coils'), mode: 'new' },
    });
    expect(refused.status).toBe(400);
    // The provider admin reads German: the checker's message too.
    expect(refused.body.errors?.['/groups/0/fields/0/unit']).toMatch(/^unbekannte Einheit „coils“/);
    // Symbols need no catalogue entry.
    const symbol = await ctx.request('POST', '/api/templates', {
      token: admin,
      body: { definition: labelTemplate('etiketten-m', 'm²'), mode: 'new' },
    });
    expect(symbol.status).toBe(201);

    const coils = await ctx.request<UnitRecord>('POST', '/api/units', {
      token: admin,
      body: { key: 'coils', label: text('coils') },
    });
    expect(coils.status).toBe(201);
    const saved = await ctx.request('POST', '/api/templates', {
      token: admin,
      body: { definition: labelTemplate('etiketten', 'coils'), mode: 'new' },
    });
    expect(saved.status).toBe(201);

    // In use by a (draft) template: neither deleted nor renamed.
    const deleted = await ctx.request<ApiErrorBody>('DELETE', `/api/units/${coils.body.id}`, { token: admin });
    expect(deleted.status).toBe(409);
    expect(deleted.body.message).toBe(
      'Vorlagen verwenden diese Einheit (etiketten), daher kann sie nicht gelöscht werden.',
    );
    const renamed = await ctx.request('PUT', `/api/units/${coils.body.id}`, { token: admin, body: { key: 'coil' } });
    expect(renamed.status).toBe(409);
  });

  it('keeps built-in units, deletes an unused one with its protocol entry', async () => {
    const listed = await ctx.request<UnitRecord[]>('GET', `/api/units?filter=${encodeURIComponent('{"key":"pcs"}')}`, {
      token: admin,
    });
    const pcs = listed.body[0]!;
    const builtin = await ctx.request<ApiErrorBody>('DELETE', `/api/units/${pcs.id}`, { token: admin });
    expect(builtin.status).toBe(409);
    expect(builtin.body.message).toBe('Eine eingebaute Einheit kann nicht gelöscht werden.');
    expect((await ctx.request('PUT', `/api/units/${pcs.id}`, { token: admin, body: { key: 'pieces' } })).status).toBe(
      409,
    );
    const relabelled = await ctx.request<UnitRecord>('PUT', `/api/units/${pcs.id}`, {
      token: admin,
      body: { label: { ...pcs.label, de: 'Stück' } },
    });
    expect(relabelled.status).toBe(200);

    const spare = await ctx.request<UnitRecord>('POST', '/api/units', {
      token: admin,
      body: { key: 'spare', label: text('spare') },
    });
    expect((await ctx.request('DELETE', `/api/units/${spare.body.id}`, { token: editor })).status).toBe(403);
    const gone = await ctx.request<UnitRecord>('DELETE', `/api/units/${spare.body.id}`, { token: admin });
    expect(gone.status).toBe(200);
    expect((await ctx.request('GET', `/api/units/${spare.body.id}`, { token: admin })).status).toBe(404);
  });
});
