/**
 * CSV import API on SQLite and PostgreSQL, driven by the fixtures in tests/fixtures/csv/:
 * encodings, delimiters, decimal formats, header languages, bad input, both modes, undo, errors CSV.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect, it } from 'vitest';
import type { CalculationRecord, ImportRecord, ImportReport, ImportRowError } from '../../../src/core/api';
import { describeEachDatabase, type TestContext } from '../harness';

const FIXTURES = path.resolve('tests/fixtures/csv');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

interface Upload {
  template?: string;
  mode?: 'all_or_nothing' | 'valid_rows';
  dry_run?: boolean;
  mapping?: Record<string, string | null>;
  file_name?: string;
}

async function upload(ctx: TestContext, token: string, body: Uint8Array | string, options: Upload = {}) {
  const params = new URLSearchParams({
    template: options.template ?? 'brochure',
    file_name: options.file_name ?? 'test.csv',
  });
  if (options.mode) params.set('mode', options.mode);
  if (options.dry_run) params.set('dry_run', 'true');
  if (options.mapping) params.set('mapping', JSON.stringify(options.mapping));
  const response = await fetch(`${ctx.baseUrl}/api/imports?${params}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'text/csv' },
    body: body as BodyInit,
  });
  return { status: response.status, body: (await response.json()) as ImportReport & { message?: string } };
}

async function importedCalculations(ctx: TestContext, token: string, importId: number): Promise<CalculationRecord[]> {
  // Without `range` the list answers whole records (a page carries list rows: only the inputs list columns show).
  const res = await ctx.request<CalculationRecord[]>(
    'GET',
    `/api/calculations?filter=${encodeURIComponent(JSON.stringify({ import_id: importId }))}&sort=["id","ASC"]`,
    { token },
  );
  if (res.status === 200) return res.body;
  // Fallback when import_id is not a list filter: read the table directly.
  const rows = await ctx.db
    .selectFrom('calculations')
    .select('id')
    .where('import_id', '=', importId)
    .orderBy('id')
    .execute();
  const records: CalculationRecord[] = [];
  for (const row of rows)
    records.push((await ctx.request<CalculationRecord>('GET', `/api/calculations/${row.id}`, { token })).body);
  return records;
}

async function countCalculations(ctx: TestContext): Promise<number> {
  const row = await ctx.db
    .selectFrom('calculations')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describeEachDatabase('imports', (ctx) => {
  let editor = '';
  const signIn = async () => (editor ||= await ctx.login('editor@muster.example'));

  it('imports an English comma CSV with thousands separators, quoted newlines and quotes', async () => {
    const token = await signIn();
    const { status, body } = await upload(ctx, token, fixture('brochure-en-comma.csv'), { file_name: 'en.csv' });
    expect(status).toBe(201);
    expect(body).toMatchObject({ rows_total: 3, rows_ok: 3, rows_failed: 0, delimiter: ',', encoding: 'utf-8' });
    expect(body.import).toMatchObject({
      status: 'succeeded',
      file_name: 'en.csv',
      template_id: 'brochure',
      mode: 'all_or_nothing',
      rows_ok: 3,
    });
    const calcs = await importedCalculations(ctx, token, body.import!.id);
    expect(calcs.map((c) => c.title)).toEqual(['Spring catalogue', 'Catalogue "Autumn"\nsecond line', 'Price list']);
    expect(calcs[0]!.inputs).toMatchObject({
      quantity: 1500,
      format: 'A4',
      pages: 16,
      paper: 'paper_virgin',
      grammage: 115,
      spoilage_pct: 12.5,
    });
    expect(calcs[0]!.tags).toEqual(['spring', 'catalogue']);
    expect(calcs[2]!.inputs).toMatchObject({ spoilage_pct: 0.5, format: 'A6' });
    expect(
      calcs.every((c) => c.import_id === body.import!.id && c.total_co2e > 0 && /^K-\d{4}-\d{6}$/.test(c.number)),
    ).toBe(true);
    // Computed exactly as the calculations API computes the same inputs.
    const same = await ctx.request<CalculationRecord>('POST', '/api/calculations', {
      token,
      body: { template_id: 'brochure', inputs: calcs[0]!.inputs },
    });
    expect(same.status).toBe(201);
    expect(same.body.total_co2e).toBeCloseTo(calcs[0]!.total_co2e, 9);
    const tagged = await ctx.request<CalculationRecord[]>(
      'GET',
      `/api/calculations?filter=${encodeURIComponent(JSON.stringify({ tags: 'catalogue' }))}`,
      { token },
    );
    expect(tagged.body.some((c) => c.id === calcs[0]!.id)).toBe(true);
  });

  it('reads UTF-8 with BOM, semicolons, German decimals and thousands, labels of options and factors, and skips empty lines', async () => {
    const token = await signIn();
    const { status, body } = await upload(ctx, token, fixture('brochure-de-bom-semicolon.csv'));
    expect(status).toBe(201);
    expect(body).toMatchObject({ rows_total: 3, rows_ok: 3, delimiter: ';', encoding: 'utf-8' });
    expect(body.mapping).toMatchObject({
      Titel: 'title',
      Auflage: 'quantity',
      'Seiten (Inhalt)': 'pages',
      Papier: 'paper',
      'Makulatur (%)': 'spoilage_pct',
      Umschlag: 'has_cover',
      Schlagwörter: 'tags',
    });
    const calcs = await importedCalculations(ctx, token, body.import!.id);
    expect(calcs[0]!.title).toBe('Frühjahrskatalog');
    expect(calcs[0]!.inputs).toMatchObject({
      quantity: 1500,
      spoilage_pct: 12.5,
      has_cover: true,
      paper: 'paper_virgin',
      cover_paper: 'board_virgin',
    });
    expect(calcs[0]!.tags).toEqual(['frühling', 'katalog']);
    expect(calcs[1]!.inputs).toMatchObject({ quantity: 2000, paper: 'paper_recycled', spoilage_pct: 7.5 });
    expect(calcs[1]!.inputs.has_cover).toBe(false);
    expect(calcs[2]!.inputs).toMatchObject({ format: 'A6', spoilage_pct: 0.5 });
  });

  it('reads Windows-1252 files', async () => {
    const token = await signIn();
    const { status, body } = await upload(ctx, token, fixture('brochure-windows1252.csv'));
    expect(status).toBe(201);
    expect(body.encoding).toBe('windows-1252');
    const calcs = await importedCalculations(ctx, token, body.import!.id);
    expect(calcs.map((c) => c.title)).toEqual(['Broschüre Größe Ä', 'Übersicht']);
    expect(calcs[0]!.inputs).toMatchObject({ quantity: 1234, spoilage_pct: 10.5 });
  });

  it.each([
    ['brochure-fr-tab.csv', '\t', ['Brochure été', 'Catalogue']],
    ['brochure-it.csv', ';', ['Opuscolo estate', 'Listino']],
    ['brochure-es.csv', ';', ['Folleto verano', 'Catálogo']],
  ])('recognises the header of %s (delimiter %j)', async (file, delimiter, titles) => {
    const token = await signIn();
    const { status, body } = await upload(ctx, token, fixture(file));
    expect(status).toBe(201);
    expect(body.delimiter).toBe(delimiter);
    expect(Object.values(body.mapping).filter(Boolean).length).toBeGreaterThanOrEqual(6);
    const calcs = await importedCalculations(ctx, token, body.import!.id);
    expect(calcs.map((c) => c.title)).toEqual(titles);
    expect(calcs[0]!.inputs).toMatchObject({ quantity: 1500, paper: 'paper_virgin' });
  });

  it('ignores extra columns and cells, fills missing columns with the template defaults', async () => {
    const token = await signIn();
    const { status, body } = await upload(ctx, token, fixture('brochure-extra-missing.csv'));
    expect(status).toBe(201);
    expect(body.mapping).toMatchObject({ Notes: null, 'Internal code': null, Pages: 'pages' });
    const calcs = await importedCalculations(ctx, token, body.import!.id);
    expect(calcs).toHaveLength(3);
    expect(calcs[1]!.inputs).toMatchObject({ quantity: 2000, pages: 16, format: 'A4', paper: 'paper_virgin' });
    expect(calcs[2]!.inputs).toMatchObject({ quantity: 3000, pages: 8 });
  });

  it('all or nothing: one bad row writes nothing and names the column and the rule', async () => {
    const token = await signIn();
    const before = await countCalculations(ctx);
    const { status, body } = await upload(ctx, token, fixture('brochure-one-bad-row.csv'));
    expect(status).toBe(201);
    expect(body).toMatchObject({ rows_total: 3, rows_ok: 0, rows_failed: 1 });
    expect(body.import).toMatchObject({ status: 'failed', rows_ok: 0, rows_failed: 1 });
    expect(body.errors).toHaveLength(1);
    // Row numbers as the spreadsheet shows them: the header is row 1, the bad (second) data row is row 3.
    expect(body.errors[0]).toMatchObject({ row: 3, column: 'Seiten', value: '7', message_key: 'rule' });
    expect(body.errors[0]!.message).toMatch(/Seiten/);
    expect(await countCalculations(ctx)).toBe(before);
    expect(
      await ctx.db.selectFrom('calculations').select('id').where('import_id', '=', body.import!.id).execute(),
    ).toHaveLength(0);
  });

  it('valid_rows: imports the good rows and reports the bad one; errors in the reader language, as CSV', async () => {
    const token = await signIn();
    const { body } = await upload(ctx, token, fixture('brochure-one-bad-row.csv'), { mode: 'valid_rows' });
    expect(body.import).toMatchObject({
      status: 'succeeded',
      rows_total: 3,
      rows_ok: 2,
      rows_failed: 1,
      mode: 'valid_rows',
    });
    const calcs = await importedCalculations(ctx, token, body.import!.id);
    expect(calcs.map((c) => c.title)).toEqual(['Gut eins', 'Gut zwei']);

    const errors = await ctx.request<ImportRowError[]>('GET', `/api/imports/${body.import!.id}/errors`, { token });
    expect(errors.body[0]).toMatchObject({ row: 3, column: 'Seiten', value: '7' });
    const german = errors.body[0]!.message;
    // The same error read by an English-speaking user of the mandant.
    const admin = await ctx.login('admin@muster.example');
    await ctx.request('PUT', '/api/auth/me', { token: admin, body: { language: 'en' } });
    const english = await ctx.request<ImportRowError[]>('GET', `/api/imports/${body.import!.id}/errors`, {
      token: admin,
    });
    expect(english.body[0]!.message).toMatch(/^Column "Seiten"/);
    expect(english.body[0]!.message).not.toBe(german);
    const csv = await fetch(`${ctx.baseUrl}/api/imports/${body.import!.id}/errors.csv`, {
      headers: { Authorization: `Bearer ${admin}` },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    const bytes = new Uint8Array(await csv.arrayBuffer());
    // A BOM, so Excel opens the UTF-8 file with its umlauts intact.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toMatch(/^Row,Column,Value,Error\r\n3,Seiten,7,"Column ""Seiten"": /);
  });

  it('files of several batches are computed in a worker thread exactly as here: row numbers, errors, totals', async () => {
    const token = await signIn();
    // 1,234 rows = three batches: the first computed in this thread, the others in the evaluation worker.
    const lines = ['Titel;Auflage;Format;Seiten;Papier;Grammatur'];
    for (let i = 1; i <= 1234; i++)
      lines.push(`Heft ${i};${1000 + i};A5;${i === 1100 ? 'viele' : 16};paper_recycled;${i === 700 ? 9999 : 90}`);
    const { status, body } = await upload(ctx, token, lines.join('\n'), {
      mode: 'valid_rows',
      file_name: 'batches.csv',
    });
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({ rows_total: 1234, rows_ok: 1232, rows_failed: 2 });
    // Heft 700 and Heft 1100 are the spreadsheet's rows 701 and 1101 (the header is row 1).
    expect(body.errors.map((e) => [e.row, e.column])).toEqual([
      [701, 'Grammatur'],
      [1101, 'Seiten'],
    ]);
    const rows = await ctx.db
      .selectFrom('calculations')
      .select(['id', 'title'])
      .where('import_id', '=', body.import!.id)
      .orderBy('id')
      .execute();
    expect(rows).toHaveLength(1232);
    expect(rows.at(-1)!.title).toBe('Heft 1234');
    // The last row (computed in the worker) has the total the calculations API computes for its inputs.
    const imported = (await ctx.request<CalculationRecord>('GET', `/api/calculations/${rows.at(-1)!.id}`, { token }))
      .body;
    expect(imported.inputs).toMatchObject({ quantity: 2234, pages: 16, grammage: 90 });
    const same = await ctx.request<CalculationRecord>('POST', '/api/calculations', {
      token,
      body: { template_id: 'brochure', inputs: imported.inputs },
    });
    expect(same.status).toBe(201);
    expect(same.body.total_co2e).toBeCloseTo(imported.total_co2e, 9);
    expect(same.body.results).toEqual(imported.results);
  });

  it('numbers rows as the spreadsheet shows them, counting blank rows and a multi-line cell as one row each', async () => {
    const token = await signIn();
    const file = [
      '', // a blank first row: the header is row 2
      'Titel;Auflage;Format;Seiten;Papier;Grammatur',
      'Gut;1.000;A4;16;paper_virgin;115', // row 3
      ';;;;;', // row 4, blank: skipped but counted
      '"Zwei',
      'Zeilen";1.000;A4;7;paper_virgin;115', // row 5, one row in the spreadsheet
      '',
      'Schlecht;1.000;A4;16;paper_virgin;viel', // row 7
    ].join('\r\n');
    const { status, body } = await upload(ctx, token, file, { dry_run: true, mode: 'valid_rows' });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ rows_total: 3, rows_ok: 1, rows_failed: 2 });
    expect(body.errors.map((e) => [e.row, e.column])).toEqual([
      [5, 'Seiten'],
      [7, 'Grammatur'],
    ]);
    const blanks = await upload(ctx, token, 'Titel;Auflage\r\n;\r\n\r\n');
    expect(blanks.status).toBe(400);
    expect(blanks.body.message).toMatch(/Kopfzeile/);
  });

  it('dry run validates and reports without writing anything', async () => {
    const token = await signIn();
    const before = await countCalculations(ctx);
    const importsBefore = (await ctx.db.selectFrom('imports').select('id').execute()).length;
    const { status, body } = await upload(ctx, token, fixture('brochure-one-bad-row.csv'), {
      dry_run: true,
      mode: 'valid_rows',
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ import: null, dry_run: true, rows_total: 3, rows_ok: 2, rows_failed: 1 });
    expect(body.errors[0]).toMatchObject({ row: 3, column: 'Seiten' });
    expect(await countCalculations(ctx)).toBe(before);
    expect((await ctx.db.selectFrom('imports').select('id').execute()).length).toBe(importsBefore);
  });

  it('a mapping sent by the client wins over the suggestion; a bad mapping is a clear 400', async () => {
    const token = await signIn();
    const mapping = { Title: 'title', Quantity: 'quantity', Notes: null, 'Internal code': null, Pages: null };
    const { status, body } = await upload(ctx, token, fixture('brochure-extra-missing.csv'), {
      mapping,
      dry_run: true,
    });
    expect(status).toBe(200);
    expect(body.mapping.Pages).toBeNull();
    const bad = await upload(ctx, token, fixture('brochure-extra-missing.csv'), {
      mapping: { Title: 'nope', Missing: 'quantity' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/nope/);
  });

  it('keeps formula cells as plain text and escapes them in the errors CSV', async () => {
    const token = await signIn();
    const { body } = await upload(ctx, token, fixture('brochure-formula.csv'), { mode: 'valid_rows' });
    expect(body.import).toMatchObject({ rows_ok: 3, rows_failed: 1 });
    const calcs = await importedCalculations(ctx, token, body.import!.id);
    expect(calcs.map((c) => c.title)).toEqual(['=HYPERLINK("http://evil.example","click")', '+cmd|calc', '@SUM(A1)']);
    expect(body.errors[0]).toMatchObject({ row: 4, column: 'Grammage', value: '=1+2', message_key: 'number' });
    const csv = await (
      await fetch(`${ctx.baseUrl}/api/imports/${body.import!.id}/errors.csv`, {
        headers: { Authorization: `Bearer ${token}` },
      })
    ).text();
    // A German reader's file: cells separated by ';'.
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[1]).toMatch(/^4;Grammage;'=1\+2;/);
    expect(lines.slice(1).every((line) => !/(^|;)"?[=+@]/.test(line))).toBe(true);
  });

  it.each([
    ['empty.csv', /leer|empty/i],
    ['header-only.csv', /Kopfzeile|header/i],
    ['not-a-csv.png', /CSV/],
    ['unmatched-columns.csv', /Spalte|column/i],
  ])('rejects %s with a clear message before anything is written', async (file, message) => {
    const token = await signIn();
    const before = await countCalculations(ctx);
    const importsBefore = (await ctx.db.selectFrom('imports').select('id').execute()).length;
    const { status, body } = await upload(ctx, token, fixture(file));
    expect(status).toBe(400);
    expect(body.message).toMatch(message);
    expect(await countCalculations(ctx)).toBe(before);
    expect((await ctx.db.selectFrom('imports').select('id').execute()).length).toBe(importsBefore);
  });

  it('answers 413 for a file over IMPORT_MAX_BYTES', async () => {
    const token = await signIn();
    const limit = ctx.config.importMaxBytes;
    ctx.config.importMaxBytes = 200;
    try {
      const { status, body } = await upload(ctx, token, fixture('brochure-de-bom-semicolon.csv'));
      expect(status).toBe(413);
      expect(body.message).toMatch(/MB/);
    } finally {
      ctx.config.importMaxBytes = limit;
    }
  });

  it('answers 413 for a chunked upload over IMPORT_MAX_BYTES at the limit, before anything is written', async () => {
    const token = await signIn();
    const limit = ctx.config.importMaxBytes;
    ctx.config.importMaxBytes = 256 * 1024;
    const calculationsBefore = await countCalculations(ctx);
    const importsBefore = (await ctx.db.selectFrom('imports').select('id').execute()).length;
    const params = new URLSearchParams({ template: 'brochure', mode: 'valid_rows', file_name: 'chunked.csv' });
    // No Content-Length: Node sends the body with Transfer-Encoding: chunked. The upload never ends by itself:
    // the answer must come from the byte count, not from the end of the body.
    const request = http.request(`${ctx.baseUrl}/api/imports?${params}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'text/csv' },
    });
    request.on('error', () => undefined);
    try {
      const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
        request.on('response', (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
          response.on('error', reject);
        });
      });
      expect(request.getHeader('content-length')).toBeUndefined();
      let sent = 0;
      let done = false;
      void answered.finally(() => (done = true));
      request.write('Titel;Auflage;Seiten\r\n');
      // Up to twice the limit in 16 KB chunks, then the upload stays open until the answer.
      for (let row = 0; !done && sent < 2 * ctx.config.importMaxBytes;) {
        const lines: string[] = [];
        for (let i = 0; i < 800; i++) lines.push(`Gestückelt ${row++};1.000;16`);
        const chunk = `${lines.join('\r\n')}\r\n`;
        sent += Buffer.byteLength(chunk);
        if (!request.write(chunk)) await new Promise((resolve) => request.once('drain', resolve));
      }
      const { status, body } = await answered;
      expect(status).toBe(413);
      expect(JSON.parse(body)).toMatchObject({ message: expect.stringMatching(/MB/) });
      expect(request.getHeader('transfer-encoding') ?? 'chunked').toBe('chunked');
    } finally {
      request.destroy();
      ctx.config.importMaxBytes = limit;
    }
    // Nothing was written: no import record, no calculation (not even written and deleted again).
    expect((await ctx.db.selectFrom('imports').select('id').execute()).length).toBe(importsBefore);
    expect(await countCalculations(ctx)).toBe(calculationsBefore);
  });

  it('lists imports per mandant, undoes an import in one go, and refuses to undo twice', async () => {
    const token = await signIn();
    const { body } = await upload(ctx, token, fixture('brochure-it.csv'), { file_name: 'undo-me.csv' });
    const id = body.import!.id;
    const list = await ctx.request<ImportRecord[]>(
      'GET',
      `/api/imports?filter=${encodeURIComponent(JSON.stringify({ q: 'undo-me' }))}`,
      { token },
    );
    expect(list.status).toBe(200);
    expect(list.headers.get('content-range')).toMatch(/^imports 0-0\/1$/);
    expect(list.body[0]).toMatchObject({ id, rows_ok: 2 });
    const other = await ctx.login('editor@printco.example');
    expect((await ctx.request('GET', `/api/imports/${id}`, { token: other })).status).toBe(404);
    expect((await ctx.request('POST', `/api/imports/${id}/undo`, { token: other })).status).toBe(404);
    const viewer = await ctx.login('viewer@muster.example');
    expect((await ctx.request('POST', `/api/imports/${id}/undo`, { token: viewer })).status).toBe(403);

    const undo = await ctx.request<ImportRecord>('POST', `/api/imports/${id}/undo`, { token });
    expect(undo.status).toBe(200);
    expect(undo.body.status).toBe('undone');
    expect(await ctx.db.selectFrom('calculations').select('id').where('import_id', '=', id).execute()).toHaveLength(0);
    expect((await ctx.request('POST', `/api/imports/${id}/undo`, { token })).status).toBe(409);
  });

  it('refuses to undo an import with a frozen calculation (409) and writes nothing', async () => {
    const token = await signIn();
    const { body } = await upload(ctx, token, fixture('brochure-es.csv'));
    const id = body.import!.id;
    const first = await ctx.db
      .selectFrom('calculations')
      .select('id')
      .where('import_id', '=', id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await ctx.db.updateTable('calculations').set({ frozen: true }).where('id', '=', first.id).execute();
    const undo = await ctx.request<{ message: string }>('POST', `/api/imports/${id}/undo`, { token });
    expect(undo.status).toBe(409);
    expect(await ctx.db.selectFrom('calculations').select('id').where('import_id', '=', id).execute()).toHaveLength(2);
  });

  it('marks imports left running by a stopped server as failed at start-up', async () => {
    const { failInterruptedImports } = await import('../../../src/server/imports/recovery');
    const mandantId = await ctx.mandantId('muster');
    const now = new Date().toISOString();
    const row = await ctx.db
      .insertInto('imports')
      .values({
        mandant_id: mandantId,
        created_by: null,
        file_name: 'killed.csv',
        template_id: 'brochure',
        template_version: 1,
        database_id: null,
        mapping: '{}',
        mode: 'all_or_nothing',
        status: 'running',
        encoding: 'utf-8',
        delimiter: ',',
        rows_total: 500,
        rows_ok: 500,
        rows_failed: 0,
        message: null,
        created_at: now,
        updated_at: now,
        finished_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await failInterruptedImports(ctx.db)).toBeGreaterThanOrEqual(1);
    const after = await ctx.db.selectFrom('imports').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(after.status).toBe('failed');
    expect(Number(after.rows_ok)).toBe(0);
  });

  it('deletes the committed rows of a valid_rows import whose server stopped, keeping only rows frozen since', async () => {
    const { failInterruptedImports } = await import('../../../src/server/imports/recovery');
    const token = await signIn();
    // Two imports whose batches committed before the "crash": put back to `running` as a killed process leaves them.
    const interrupted = async () => {
      const { body } = await upload(ctx, token, fixture('brochure-one-bad-row.csv'), {
        mode: 'valid_rows',
        file_name: 'killed-valid.csv',
      });
      const id = body.import!.id;
      await ctx.db.updateTable('imports').set({ status: 'running', finished_at: null }).where('id', '=', id).execute();
      return id;
    };
    const gone = await interrupted();
    const partlyFrozen = await interrupted();
    const frozen = await ctx.db
      .selectFrom('calculations')
      .select('id')
      .where('import_id', '=', partlyFrozen)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await ctx.db.updateTable('calculations').set({ frozen: true }).where('id', '=', frozen.id).execute();

    expect(await failInterruptedImports(ctx.db)).toBeGreaterThanOrEqual(2);

    const calculationsOf = (id: number) =>
      ctx.db.selectFrom('calculations').select('id').where('import_id', '=', id).execute();
    expect(await calculationsOf(gone)).toHaveLength(0);
    expect(await calculationsOf(partlyFrozen)).toEqual([{ id: frozen.id }]);
    const record = (id: number) => ctx.request<ImportRecord>('GET', `/api/imports/${id}`, { token });
    const goneRecord = (await record(gone)).body;
    expect(goneRecord).toMatchObject({ status: 'failed', rows_ok: 0 });
    expect(goneRecord.message).toMatch(/nichts übernommen/);
    const frozenRecord = (await record(partlyFrozen)).body;
    expect(frozenRecord).toMatchObject({ status: 'failed', rows_ok: 1 });
    expect(frozenRecord.message).toMatch(/außer 1/);
  });

  it('writes an imported entry to the protocol', async () => {
    const token = await signIn();
    const { body } = await upload(ctx, token, fixture('brochure-it.csv'), { file_name: 'protocol.csv' });
    const admin = await ctx.login('admin@muster.example');
    const entries = await ctx.request<Array<{ action: string; resource: string; record_id: string }>>(
      'GET',
      `/api/protocol?filter=${encodeURIComponent(JSON.stringify({ action: 'imported' }))}`,
      { token: admin },
    );
    expect(entries.status).toBe(200);
    expect(entries.body.some((e) => e.resource === 'imports' && e.record_id === String(body.import!.id))).toBe(true);
  });
});

/**
 * A CSV body that sends `rows` rows and then waits (an upload in progress) until the test aborts it.
 * Its size is declared (`length`, for Content-Length): an upload of undeclared size is received whole
 * before the import starts (the size limit), and this one must be imported while it is still open.
 * The declared size counts blank lines sent at the end (an import skips blank rows).
 */
function slowUpload(rows: number, signal: AbortSignal): { body: ReadableStream<Uint8Array>; headers: HeadersInit } {
  const encoder = new TextEncoder();
  const lines = ['Titel;Auflage;Seiten'];
  for (let i = 0; i < rows; i++) lines.push(`Langsam ${i};1.000;16`);
  const content = encoder.encode(`${lines.join('\r\n')}\r\n`);
  const tail = encoder.encode('\r\n\r\n');
  let sent = false;
  return {
    headers: { 'Content-Length': String(content.byteLength + tail.byteLength) },
    body: new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent) {
          while (!signal.aborted) await new Promise((resolve) => setTimeout(resolve, 50));
          controller.enqueue(tail);
          controller.close();
          return;
        }
        sent = true;
        controller.enqueue(content);
      },
    }),
  };
}

function withSlowUpload(token: string, upload: ReturnType<typeof slowUpload>) {
  return {
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'text/csv', ...upload.headers },
    body: upload.body,
  };
}

function cancelHelpers(ctx: TestContext) {
  async function startSlow(token: string, mode: 'all_or_nothing' | 'valid_rows', file: string, abort: AbortController) {
    const params = new URLSearchParams({ template: 'brochure', mode, file_name: file });
    return fetch(`${ctx.baseUrl}/api/imports?${params}`, {
      method: 'POST',
      ...withSlowUpload(token, slowUpload(700, abort.signal)),
      duplex: 'half',
      signal: abort.signal,
    } as RequestInit).catch((error: unknown) => error);
  }

  async function importNamed(token: string, file: string): Promise<ImportRecord | undefined> {
    const res = await ctx.request<ImportRecord[]>(
      'GET',
      `/api/imports?filter=${encodeURIComponent(JSON.stringify({ q: file }))}`,
      { token },
    );
    return res.body[0];
  }

  return { startSlow, importNamed };
}

// Separate suites (separate servers): each leaves an upload connection behind that the other must not inherit.
describeEachDatabase('imports: cancel endpoint', (ctx) => {
  const { startSlow, importNamed } = cancelHelpers(ctx);
  it('POST /api/imports/:id/cancel stops a valid_rows import; like any stopped import it keeps none of its rows', async () => {
    const token = await ctx.login('editor@muster.example');
    const abort = new AbortController();
    const pending = startSlow(token, 'valid_rows', 'cancel-me.csv', abort);
    let record: ImportRecord | undefined;
    await expect
      .poll(async () => (record = await importNamed(token, 'cancel-me.csv'))?.rows_ok, { timeout: 10_000 })
      .toBe(500);
    const viewer = await ctx.login('viewer@muster.example');
    expect((await ctx.request('POST', `/api/imports/${record!.id}/cancel`, { token: viewer })).status).toBe(403);
    expect((await ctx.request('POST', `/api/imports/${record!.id}/cancel`, { token })).status).toBe(202);
    await expect
      .poll(async () => (await importNamed(token, 'cancel-me.csv'))?.status, { timeout: 10_000 })
      .toBe('cancelled');
    abort.abort();
    await pending;
    // One rule for a stopped import (recovery.ts): the batch committed before the cancel is deleted, as after a crash.
    const kept = await ctx.db.selectFrom('calculations').select('id').where('import_id', '=', record!.id).execute();
    expect(kept).toHaveLength(0);
    const closed = (await importNamed(token, 'cancel-me.csv'))!;
    expect(closed).toMatchObject({ status: 'cancelled', rows_ok: 0 });
    expect(closed.message).toMatch(/nichts davon wurde übernommen/);
    expect((await ctx.request('POST', `/api/imports/${record!.id}/cancel`, { token })).status).toBe(409);
  });

  it('PostgreSQL: another process looking for interrupted imports leaves a live one alone', async () => {
    // Several processes share one PostgreSQL; SQLite has one process per file and fails every running import at start-up.
    if (ctx.dialect !== 'postgres') return;
    const { failInterruptedImports } = await import('../../../src/server/imports/recovery');
    const token = await ctx.login('editor@muster.example');
    const abort = new AbortController();
    const pending = startSlow(token, 'valid_rows', 'alive.csv', abort);
    let record: ImportRecord | undefined;
    await expect
      .poll(async () => (record = await importNamed(token, 'alive.csv'))?.rows_ok, { timeout: 10_000 })
      .toBe(500);
    // What a second process does at start-up and every sweep interval:
    expect(await failInterruptedImports(ctx.db)).toBe(0);
    expect((await importNamed(token, 'alive.csv'))?.status).toBe('running');
    expect((await ctx.request('POST', `/api/imports/${record!.id}/cancel`, { token })).status).toBe(202);
    await expect
      .poll(async () => (await importNamed(token, 'alive.csv'))?.status, { timeout: 10_000 })
      .toBe('cancelled');
    abort.abort();
    await pending;
  });
});

describeEachDatabase('imports: dropped upload', (ctx) => {
  const { startSlow, importNamed } = cancelHelpers(ctx);
  it('a client that drops a valid_rows upload after a committed batch leaves nothing behind either', async () => {
    const token = await ctx.login('editor@muster.example');
    const before = await countCalculations(ctx);
    const abort = new AbortController();
    const pending = startSlow(token, 'valid_rows', 'dropped-valid.csv', abort);
    await expect
      .poll(async () => (await importNamed(token, 'dropped-valid.csv'))?.rows_ok, { timeout: 10_000 })
      .toBe(500);
    abort.abort();
    await pending;
    await expect
      .poll(async () => (await importNamed(token, 'dropped-valid.csv'))?.status, { timeout: 10_000 })
      .toBe('cancelled');
    // The same rule as after a crash (the test above with the stopped server): the committed batch is gone.
    expect((await importNamed(token, 'dropped-valid.csv'))!.rows_ok).toBe(0);
    expect(await countCalculations(ctx)).toBe(before);
  });

  it('a client that drops an all_or_nothing upload leaves nothing behind', async () => {
    const token = await ctx.login('editor@muster.example');
    const before = await countCalculations(ctx);
    const abort = new AbortController();
    const pending = startSlow(token, 'all_or_nothing', 'dropped.csv', abort);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    abort.abort();
    await pending;
    await expect
      .poll(async () => (await importNamed(token, 'dropped.csv'))?.status, { timeout: 10_000 })
      .toBe('cancelled');
    const record = (await importNamed(token, 'dropped.csv'))!;
    expect(record.rows_ok).toBe(0);
    expect(await countCalculations(ctx)).toBe(before);
  });
});

describeEachDatabase('imports: the rest of the product stays usable', (ctx) => {
  const { importNamed } = cancelHelpers(ctx);
  it('while an all_or_nothing import is open, other users read at once and do not see its rows', async () => {
    const token = await ctx.login('editor@muster.example');
    const viewer = await ctx.login('viewer@muster.example');
    const before = await ctx.request('GET', '/api/calculations?range=[0,4]', { token: viewer });
    // The upload sends 700 rows, then stays open until `finish` ends it (the import then completes normally).
    const finish = new AbortController();
    const params = new URLSearchParams({ template: 'brochure', mode: 'all_or_nothing', file_name: 'held-open.csv' });
    const pending = fetch(`${ctx.baseUrl}/api/imports?${params}`, {
      method: 'POST',
      ...withSlowUpload(token, slowUpload(700, finish.signal)),
      duplex: 'half',
    } as RequestInit);
    try {
      await expect
        .poll(async () => (await importNamed(token, 'held-open.csv'))?.status, { timeout: 10_000 })
        .toBe('running');
      // The first batch of 500 rows is written inside the open transaction; the upload stays open.
      await new Promise((resolve) => setTimeout(resolve, 700));
      // Not a speed limit: without a reader the request waits for the import, here for as long as the upload stays open.
      const hung = new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 10_000));
      const during = await Promise.race([ctx.request('GET', '/api/calculations?range=[0,4]', { token: viewer }), hung]);
      if (during === 'hung') throw new Error('the list waited for the open import');
      expect(during.status).toBe(200);
      expect(during.headers.get('content-range')).toBe(before.headers.get('content-range'));
      expect((await importNamed(token, 'held-open.csv'))?.status).toBe('running');
    } finally {
      finish.abort();
    }
    expect((await pending).status).toBe(201);
    const after = await ctx.request('GET', '/api/calculations?range=[0,4]', { token: viewer });
    const total = (range: string | null) => Number(range?.split('/')[1]);
    expect(total(after.headers.get('content-range'))).toBe(total(before.headers.get('content-range')) + 700);
  });
});

describeEachDatabase('imports: the template version in use', (ctx) => {
  const { importNamed } = cancelHelpers(ctx);
  it('a template version a running import uses cannot be deleted (409), and the import completes with it', async () => {
    const admin = await ctx.login('admin@kontor.example');
    const token = await ctx.login('editor@muster.example');
    const copy = await ctx.request('POST', '/api/templates/brochure/versions/1/copy', {
      token: admin,
      body: { id: 'brochure-held' },
    });
    expect(copy.status).toBe(201);
    expect(
      (await ctx.request('POST', '/api/templates/brochure-held/versions/1/publish', { token: admin, body: {} })).status,
    ).toBe(200);
    // 700 rows, then the upload stays open: the import is running (PostgreSQL: its rows are not visible yet).
    const finish = new AbortController();
    const params = new URLSearchParams({ template: 'brochure-held', mode: 'all_or_nothing', file_name: 'held.csv' });
    const pending = fetch(`${ctx.baseUrl}/api/imports?${params}`, {
      method: 'POST',
      ...withSlowUpload(token, slowUpload(700, finish.signal)),
      duplex: 'half',
    } as RequestInit);
    let deleted: Promise<{ status: number }> | undefined;
    try {
      await expect
        .poll(async () => (await importNamed(token, 'held.csv'))?.status, { timeout: 10_000 })
        .toBe('running');
      // PostgreSQL answers at once; SQLite's delete waits for the import's transaction, then sees its rows.
      deleted = ctx.request('DELETE', '/api/templates/brochure-held/versions/1', { token: admin });
      if (ctx.dialect === 'postgres') expect((await deleted).status).toBe(409);
    } finally {
      finish.abort();
    }
    expect((await pending).status).toBe(201);
    expect((await deleted!).status).toBe(409);
    const record = (await importNamed(token, 'held.csv'))!;
    expect(record).toMatchObject({ status: 'succeeded', rows_ok: 700 });
    const versions = await ctx.request<Array<{ version: number; usage: number }>>(
      'GET',
      '/api/templates/brochure-held/versions',
      { token: admin },
    );
    expect(versions.body).toEqual([expect.objectContaining({ version: 1, usage: 700 })]);
  });
});
