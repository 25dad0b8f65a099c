/**
 * Writing factor databases: create (empty or copy), edit factors while draft, CSV import (a bad
 * row rejects the whole file), publish (non-empty, then immutable) or archive, mandant databases
 * derived from a published one with overrides, the diff between versions, protocol entries.
 */
import { expect, it } from 'vitest';
import type {
  FactorDatabaseDiff,
  FactorDatabaseRecord,
  FactorImportReport,
  FactorRecord,
  ProtocolEntryRecord,
} from '../../../src/core/api';
import { describeEachDatabase, type TestContext } from '../harness';

const q = (params: Record<string, string>) => `?${new URLSearchParams(params).toString()}`;

describeEachDatabase('factor databases: writing', (ctx: TestContext) => {
  const published = async (token: string, label: string) => {
    const list = await ctx.request<FactorDatabaseRecord[]>('GET', '/api/databases', { token });
    return list.body.find((d) => d.version_label === label && d.mandant_id === null)!;
  };
  const factorsOf = async (token: string, databaseId: number) =>
    (
      await ctx.request<FactorRecord[]>(
        'GET',
        `/api/factors${q({ filter: JSON.stringify({ database_id: databaseId }), sort: '["key","ASC"]', range: '[0,999]' })}`,
        { token },
      )
    ).body;

  it('creates an empty draft, adds and edits factors, refuses to publish it empty, publishes it and then refuses edits', async () => {
    const token = await ctx.login('admin@kontor.example');
    const created = await ctx.request<FactorDatabaseRecord>('POST', '/api/databases', {
      token,
      body: { name: 'Kontor factors', version_label: '2026', valid_from: '2026-01-01' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'draft', mandant_id: null, based_on_id: null, version: 1 });
    const id = created.body.id;

    const empty = await ctx.request<{ errors: Record<string, string> }>('POST', `/api/databases/${id}/publish`, {
      token,
    });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.factors).toMatch(/ohne Faktoren/);

    const factor = await ctx.request<FactorRecord>('POST', '/api/factors', {
      token,
      body: {
        database_id: id,
        key: 'paper_x',
        category: 'paper',
        unit: 'kg',
        value: 0.9,
        label: { en: 'Paper X' },
        source: 'own measurement',
        year: 2025,
      },
    });
    expect(factor.status).toBe(201);
    expect(factor.body.label).toEqual({ de: 'Paper X', en: 'Paper X', fr: 'Paper X', it: 'Paper X', es: 'Paper X' });
    const edited = await ctx.request<FactorRecord>('PUT', `/api/factors/${factor.body.id}`, {
      token,
      body: { ...factor.body, value: 1.1 },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.value).toBe(1.1);
    const bad = await ctx.request('POST', '/api/factors', {
      token,
      body: { database_id: id, key: 'has space', category: 'x', unit: 'kg', value: 1 },
    });
    expect(bad.status).toBe(400);

    const renamed = await ctx.request<FactorDatabaseRecord>('PUT', `/api/databases/${id}`, {
      token,
      body: { name: 'Kontor factors (test)', version: 3 },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Kontor factors (test)');
    const stale = await ctx.request('PUT', `/api/databases/${id}`, { token, body: { name: 'y', version: 1 } });
    expect(stale.status).toBe(409);

    const publish = await ctx.request<FactorDatabaseRecord>('POST', `/api/databases/${id}/publish`, { token });
    expect(publish.status).toBe(200);
    expect(publish.body.status).toBe('published');

    expect((await ctx.request('PUT', `/api/factors/${factor.body.id}`, { token, body: { value: 2 } })).status).toBe(
      409,
    );
    expect((await ctx.request('DELETE', `/api/factors/${factor.body.id}`, { token })).status).toBe(409);
    expect(
      (
        await ctx.request('POST', '/api/factors', {
          token,
          body: { database_id: id, key: 'new', category: 'x', unit: 'kg', value: 1 },
        })
      ).status,
    ).toBe(409);
    expect((await ctx.request('PUT', `/api/databases/${id}`, { token, body: { name: 'z' } })).status).toBe(409);
    expect(
      (
        await ctx.request('POST', `/api/databases/${id}/import`, {
          token,
          body: { csv: 'key,category,unit,value\na,b,kg,1' },
        })
      ).status,
    ).toBe(409);
    expect((await factorsOf(token, id))[0]!.value).toBe(1.1);

    const archived = await ctx.request<FactorDatabaseRecord>('POST', `/api/databases/${id}/archive`, { token });
    expect(archived.body.status).toBe('archived');
    expect((await ctx.request('POST', `/api/databases/${id}/archive`, { token })).status).toBe(409);

    const protocol = await ctx.request<ProtocolEntryRecord[]>(
      'GET',
      `/api/protocol${q({ filter: JSON.stringify({ resource: 'databases', record_id: String(id) }), range: '[0,50]' })}`,
      { token },
    );
    expect(protocol.body.map((e) => e.action).sort()).toEqual([
      'created',
      'status_changed',
      'status_changed',
      'updated',
    ]);
  });

  it('copies a published database and imports a CSV; a bad row rejects the whole file with its row number', async () => {
    const token = await ctx.login('admin@kontor.example');
    const base = await published(token, '2025');
    const copy = await ctx.request<FactorDatabaseRecord>('POST', '/api/databases', {
      token,
      body: { name: 'Copy', version_label: '2026-copy', copy_from_id: base.id },
    });
    expect(copy.status).toBe(201);
    expect(copy.body.based_on_id).toBe(base.id);
    const before = await factorsOf(token, copy.body.id);
    expect(before.map((f) => [f.key, f.value])).toEqual((await factorsOf(token, base.id)).map((f) => [f.key, f.value]));

    const badCsv =
      'key,category,unit,value,source,year,region,label_de,label_en\nnew_one,paper,kg,1.5,src,2025,DE,Neu,New\nbroken,paper,kg,abc,src,2025,DE,X,X\n';
    const rejected = await ctx.request<{ message: string; errors: Record<string, string> }>(
      'POST',
      `/api/databases/${copy.body.id}/import`,
      { token, body: { csv: badCsv } },
    );
    expect(rejected.status).toBe(400);
    // The header is row 1: the second factor is the spreadsheet's row 3.
    expect(rejected.body.message).toMatch(/^Zeile 3:/);
    expect(Object.keys(rejected.body.errors)).toEqual(['csv.3.value']);
    // Blank rows keep their numbers too, as in the spreadsheet.
    const gaps = await ctx.request<{ message: string; errors: Record<string, string> }>(
      'POST',
      `/api/databases/${copy.body.id}/import`,
      { token, body: { csv: 'key,category,unit,value\n\nok_one,paper,kg,1\n,,,\nbroken,paper,kg,abc\n' } },
    );
    expect(gaps.status).toBe(400);
    expect(Object.keys(gaps.body.errors)).toEqual(['csv.5.value']);
    expect(await factorsOf(token, copy.body.id)).toEqual(before);

    const goodCsv = `key;category;unit;value;source;year;region;labels\nnew_one;paper;kg;1,5;src;2025;DE;{"de":"Neu","en":"New"}\nelectricity_de_grid;electricity;kWh;0,3;UBA 2026;2025;DE;Strom\n`;
    const imported = await ctx.request<FactorImportReport>('POST', `/api/databases/${copy.body.id}/import`, {
      token,
      body: { csv: goodCsv },
    });
    expect(imported.status).toBe(200);
    expect(imported.body).toEqual({ inserted: 1, updated: 1 });
    const after = await factorsOf(token, copy.body.id);
    expect(after.find((f) => f.key === 'new_one')).toMatchObject({
      value: 1.5,
      year: 2025,
      region: 'DE',
      label: { de: 'Neu', en: 'New', fr: 'Neu' },
    });
    expect(after.find((f) => f.key === 'electricity_de_grid')).toMatchObject({ value: 0.3, source: 'UBA 2026' });

    const removed = before.find((f) => f.key === 'natural_gas')!;
    expect((await ctx.request('DELETE', `/api/factors/${removed.id}`, { token })).status).toBe(200);

    const diff = await ctx.request<FactorDatabaseDiff>(
      'GET',
      `/api/databases/${copy.body.id}/diff?against=${base.id}`,
      { token },
    );
    expect(diff.status).toBe(200);
    expect(diff.body.added.map((f) => f.key)).toEqual(['new_one']);
    expect(diff.body.removed.map((f) => f.key)).toEqual(['natural_gas']);
    expect(diff.body.changed).toEqual([
      {
        key: 'electricity_de_grid',
        category: 'electricity',
        unit: 'kWh',
        old: 0.427,
        new: 0.3,
        percent: ((0.3 - 0.427) / 0.427) * 100,
        attributes: expect.arrayContaining([{ name: 'value', old: 0.427, new: 0.3 }]),
      },
    ]);
  });

  it('clears the demo marker of a copy of a demo database, for the database and its factors (issue #34)', async () => {
    const token = await ctx.login('admin@kontor.example');
    const base = await published(token, '2025');
    expect(base.demo).toBe(true);
    const copy = await ctx.request<FactorDatabaseRecord>('POST', '/api/databases', {
      token,
      body: { name: 'Real values', version_label: '2026-real', copy_from_id: base.id },
    });
    expect(copy.body.demo).toBe(true);
    const cleared = await ctx.request<FactorDatabaseRecord>('PUT', `/api/databases/${copy.body.id}`, {
      token,
      body: { demo: false },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.demo).toBe(false);
    expect((await factorsOf(token, copy.body.id)).every((factor) => !factor.demo)).toBe(true);
    // The demo database itself keeps its marker.
    expect((await published(token, '2025')).demo).toBe(true);

    // A change of the source alone is a change the diff shows, with old and new (issue #34); so is the data quality of
    // a figure the mandant measured itself (issue #33): primary data of this very process.
    const factor = (await factorsOf(token, copy.body.id))[0]!;
    // The copy keeps the base's data quality.
    const original = (await factorsOf(token, base.id)).find((candidate) => candidate.key === factor.key)!;
    expect([factor.data_type, factor.technology]).toEqual([original.data_type, original.technology]);
    expect(factor.data_type).toBe('secondary');
    const edited = await ctx.request('PUT', `/api/factors/${factor.id}`, {
      token,
      body: {
        ...factor,
        source: 'Own measurement 2026',
        region: 'DE-BY',
        data_type: 'primary',
        technology: 'specific',
      },
    });
    expect(edited.status).toBe(200);
    const diff = await ctx.request<FactorDatabaseDiff>(
      'GET',
      `/api/databases/${copy.body.id}/diff?against=${base.id}`,
      { token },
    );
    expect(diff.body.changed).toEqual([
      expect.objectContaining({
        key: factor.key,
        attributes: [
          { name: 'source', old: factor.source, new: 'Own measurement 2026' },
          { name: 'region', old: factor.region, new: 'DE-BY' },
          { name: 'data_type', old: 'secondary', new: 'primary' },
          { name: 'technology', old: factor.technology, new: 'specific' },
        ],
      }),
    ]);
  });

  it('lets a mandant admin derive an own database from a published one and override single factors', async () => {
    const token = await ctx.login('admin@muster.example');
    const base = await published(token, '2025');
    expect(
      (await ctx.request('POST', '/api/databases', { token, body: { name: 'Own', version_label: '1' } })).status,
    ).toBe(400);
    const derived = await ctx.request<FactorDatabaseRecord>('POST', '/api/databases', {
      token,
      body: { name: 'Muster green power', version_label: '2025-green', copy_from_id: base.id },
    });
    expect(derived.status).toBe(201);
    expect(derived.body.mandant_id).toBe(await ctx.mandantId('muster'));
    const electricity = (await factorsOf(token, derived.body.id)).find((f) => f.key === 'electricity_de_grid')!;
    const override = await ctx.request<FactorRecord>('PUT', `/api/factors/${electricity.id}`, {
      token,
      body: { value: 0.03, source: 'Green electricity contract 2025' },
    });
    expect(override.status).toBe(200);
    expect(
      (await ctx.request<FactorDatabaseRecord>('POST', `/api/databases/${derived.body.id}/publish`, { token })).body
        .status,
    ).toBe('published');

    // Global databases and those of other mandants are not theirs to change; others cannot even see this one.
    expect((await ctx.request('PUT', `/api/databases/${base.id}`, { token, body: { name: 'mine' } })).status).toBe(403);
    const baseFactor = (await factorsOf(token, base.id))[0]!;
    expect((await ctx.request('PUT', `/api/factors/${baseFactor.id}`, { token, body: { value: 1 } })).status).toBe(403);
    const other = await ctx.login('admin@printco.example');
    expect((await ctx.request('GET', `/api/databases/${derived.body.id}`, { token: other })).status).toBe(404);
    expect(
      (await ctx.request('PUT', `/api/factors/${electricity.id}`, { token: other, body: { value: 9 } })).status,
    ).toBe(404);
    const editor = await ctx.login('editor@muster.example');
    expect(
      (
        await ctx.request('POST', '/api/databases', {
          token: editor,
          body: { name: 'x', version_label: 'x', copy_from_id: base.id },
        })
      ).status,
    ).toBe(403);
    // A draft cannot be a mandant's base.
    const draft = await ctx.request<FactorDatabaseRecord>('POST', '/api/databases', {
      token: await ctx.login('admin@kontor.example'),
      body: { name: 'Draft', version_label: 'd' },
    });
    expect(
      (
        await ctx.request('POST', '/api/databases', {
          token,
          body: { name: 'x', version_label: 'x', copy_from_id: draft.body.id },
        })
      ).status,
    ).toBe(400);
  });

  it("imports a mill's declaration from CSV: kind, biogenic CO2, delivery; a column left out keeps it (issue 33)", async () => {
    const token = await ctx.login('admin@muster.example');
    const base = await published(token, '2025');
    const derived = await ctx.request<FactorDatabaseRecord>('POST', '/api/databases', {
      token,
      body: { name: 'Muster mill CSV', version_label: '2025-csv', copy_from_id: base.id },
    });
    expect(derived.status).toBe(201);
    const importCsv = (csv: string) =>
      ctx.request<FactorImportReport & { message: string; errors: Record<string, string> }>(
        'POST',
        `/api/databases/${derived.body.id}/import`,
        { token, body: { csv } },
      );
    const header = 'key;category;unit;value;source;year;declaration_kind;biogenic_co2;delivery_included';
    const imported = await importCsv(
      `${header}\npaper_mill_silk;paper;kg;0,61;Paper Profile 2025, mill X;2025;Paper_Profile;1,4;nein\npaper_mill_board;paper;kg;0,9;EPD 2025;2025;epd;;yes\n`,
    );
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body).toEqual({ inserted: 2, updated: 0 });
    const find = async (key: string) => (await factorsOf(token, derived.body.id)).find((f) => f.key === key)!;
    expect(await find('paper_mill_silk')).toMatchObject({
      value: 0.61,
      declaration_kind: 'paper_profile',
      biogenic_co2: 1.4,
      delivery_included: false,
    });
    expect(await find('paper_mill_board')).toMatchObject({
      declaration_kind: 'epd',
      biogenic_co2: null,
      delivery_included: true,
    });
    // A file without the declaration columns changes the value and keeps the declaration.
    const plain = await importCsv('key,category,unit,value\npaper_mill_silk,paper,kg,0.6\n');
    expect(plain.status).toBe(200);
    expect(await find('paper_mill_silk')).toMatchObject({
      value: 0.6,
      declaration_kind: 'paper_profile',
      biogenic_co2: 1.4,
      delivery_included: false,
    });

    // Each fault names its row and column; nothing of the file is written.
    const before = await factorsOf(token, derived.body.id);
    const refused = async (csv: string, field: string) => {
      const res = await importCsv(csv);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(Object.keys(res.body.errors)).toEqual([field]);
      return res.body.message;
    };
    expect(await refused(`${header}\nx;paper;kg;1;s;2025;brochure;;\n`, 'csv.2.declaration_kind')).toContain(
      'brochure',
    );
    await refused(`${header}\nx;paper;kg;1;s;2025;epd;-1;\n`, 'csv.2.biogenic_co2');
    await refused(`${header}\nx;paper;kg;1;s;2025;epd;abc;\n`, 'csv.2.biogenic_co2');
    expect(await refused(`${header}\nx;paper;kg;1;s;2025;epd;;vielleicht\n`, 'csv.2.delivery_included')).toContain(
      'vielleicht',
    );
    // Biogenic CO2 and delivery describe a declaration: without its kind they are refused, ...
    await refused(`${header}\nx;paper;kg;1;s;2025;;1;\n`, 'csv.2.biogenic_co2');
    // ... also where the file clears the kind of a factor that records biogenic CO2.
    await refused('key,category,unit,value,declaration_kind\npaper_mill_silk,paper,kg,0.6,\n', 'csv.2.biogenic_co2');
    expect(await factorsOf(token, derived.body.id)).toEqual(before);
  });

  it("records a paper from its mill's declaration in a derived draft: biogenic apart, delivery stated (issue 33)", async () => {
    const token = await ctx.login('admin@muster.example');
    const base = await published(token, '2025');
    const derived = await ctx.request<FactorDatabaseRecord>('POST', '/api/databases', {
      token,
      body: { name: 'Muster mill papers', version_label: '2025-mill', copy_from_id: base.id },
    });
    expect(derived.status).toBe(201);
    // A copied factor carries the declaration columns, empty.
    expect((await factorsOf(token, derived.body.id))[0]).toMatchObject({
      declaration_kind: null,
      biogenic_co2: null,
      delivery_included: null,
    });
    const declared = await ctx.request<FactorRecord>('POST', '/api/factors', {
      token,
      body: {
        database_id: derived.body.id,
        key: 'paper_mill_silk_115',
        category: 'paper',
        unit: 'kg',
        value: 0.61,
        source: 'Paper Profile 2025, mill X, silk 115 g',
        year: 2025,
        declaration_kind: 'paper_profile',
        biogenic_co2: 1.4,
        delivery_included: false,
      },
    });
    expect(declared.status).toBe(201);
    expect(declared.body).toMatchObject({
      value: 0.61,
      declaration_kind: 'paper_profile',
      biogenic_co2: 1.4,
      delivery_included: false,
    });
    const changed = await ctx.request<FactorRecord>('PUT', `/api/factors/${declared.body.id}`, {
      token,
      body: { ...declared.body, declaration_kind: 'epd', delivery_included: true },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ declaration_kind: 'epd', biogenic_co2: 1.4, delivery_included: true });
    // The fields are kept when a body leaves them out.
    const kept = await ctx.request<FactorRecord>('PUT', `/api/factors/${declared.body.id}`, {
      token,
      body: { value: 0.6 },
    });
    expect(kept.body).toMatchObject({ value: 0.6, declaration_kind: 'epd', delivery_included: true });
    // null withdraws the declaration (as the dialog sends it).
    const withdrawn = await ctx.request<FactorRecord>('POST', '/api/factors', {
      token,
      body: {
        database_id: derived.body.id,
        key: 'paper_plain',
        category: 'paper',
        unit: 'kg',
        value: 1,
        declaration_kind: null,
        biogenic_co2: null,
        delivery_included: null,
      },
    });
    expect(withdrawn.status).toBe(201);
    expect(withdrawn.body.declaration_kind).toBeNull();

    // Bad input: each fault names its field.
    const negative = await ctx.request<{ errors: Record<string, string> }>('PUT', `/api/factors/${declared.body.id}`, {
      token,
      body: { biogenic_co2: -1 },
    });
    expect(negative.status).toBe(400);
    expect(Object.keys(negative.body.errors)).toEqual(['biogenic_co2']);
    const undeclared = await ctx.request<{ errors: Record<string, string> }>('POST', '/api/factors', {
      token,
      body: {
        database_id: derived.body.id,
        key: 'paper_x',
        category: 'paper',
        unit: 'kg',
        value: 1,
        biogenic_co2: 1,
        delivery_included: true,
      },
    });
    expect(undeclared.status).toBe(400);
    expect(Object.keys(undeclared.body.errors).sort()).toEqual(['biogenic_co2', 'delivery_included']);
    const unknownKind = await ctx.request('PUT', `/api/factors/${declared.body.id}`, {
      token,
      body: { declaration_kind: 'brochure' },
    });
    expect(unknownKind.status).toBe(400);

    // Another mandant does not see the factor: changing it is a missing record.
    const other = await ctx.login('admin@printco.example');
    expect(
      (await ctx.request('PUT', `/api/factors/${declared.body.id}`, { token: other, body: { biogenic_co2: 0 } }))
        .status,
    ).toBe(404);
    expect((await ctx.request('GET', `/api/factors/${declared.body.id}`, { token: other })).status).toBe(404);
  });
});
