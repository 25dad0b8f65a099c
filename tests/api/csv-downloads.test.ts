/**
 * Every CSV the server writes escapes every cell a spreadsheet would run as a formula — also cells
 * with a line break, which papaparse's own `escapeFormulae` lets through. One hostile text is put
 * where each download shows user data (calculation title and customer, an imported value).
 */
import Papa from 'papaparse';
import { beforeAll, expect, it } from 'vitest';
import type { CalculationRecord, FactorDatabaseRecord, FactorMigrationRecord, ImportReport } from '../../src/core/api';
import { describeEachDatabase } from './harness';

const HOSTILE = '=1+4\nsecond line';
const HOSTILE_CUSTOMER = '@SUM(A1)\r\nnext';
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[-+]?\d+(?:[.,]\d+)?$/;

/** Cells a spreadsheet would run: formula start and not a plain (negative) number. */
function formulaCells(csv: string): string[] {
  const rows = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
  return rows.flat().filter((cell) => FORMULA_START.test(cell) && !PLAIN_NUMBER.test(cell));
}

describeEachDatabase('CSV downloads', (ctx) => {
  let token = '';
  let calculation: CalculationRecord;

  const download = async (url: string) => {
    const response = await fetch(`${ctx.baseUrl}${url}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(response.status, url).toBe(200);
    expect(response.headers.get('content-type'), url).toMatch(/text\/csv/);
    return response.text();
  };
  const expectEscaped = (csv: string, hostile: string) => {
    expect(formulaCells(csv)).toEqual([]);
    expect(csv).toContain(`'${hostile}`);
  };

  beforeAll(async () => {
    token = await ctx.login('admin@muster.example');
    const [demo] = (await ctx.request<CalculationRecord[]>('GET', '/api/calculations?sort=["id","ASC"]', { token })).body;
    const created = await ctx.request<CalculationRecord>('POST', '/api/calculations', {
      token,
      body: { template_id: demo!.template_id, inputs: { ...demo!.inputs, title: HOSTILE }, customer: HOSTILE_CUSTOMER },
    });
    expect(created.status).toBe(201);
    calculation = created.body;
    expect(calculation.title).toBe(HOSTILE);
  });

  it('protocol export', async () => {
    // A collection's protocol entries are labelled with its name.
    expect((await ctx.request('POST', '/api/collections', { token, body: { name: HOSTILE } })).status).toBe(201);
    expectEscaped(await download('/api/protocol/export.csv?sort=["at","DESC"]'), HOSTILE);
  });

  it('statistics', async () => {
    const year = calculation.created_at.slice(0, 4);
    const csv = await download(`/api/statistics/top_calculations?from=${year}-01-01&to=${year}-12-31&format=csv`);
    expectEscaped(csv, HOSTILE);
    expect(csv).toContain(`'${HOSTILE_CUSTOMER}`);
  });

  it('migration preview items', async () => {
    const databases = (await ctx.request<FactorDatabaseRecord[]>('GET', '/api/databases', { token })).body;
    const target = databases.find((d) => d.status === 'published' && d.id !== calculation.database_id)!;
    const preview = await ctx.request<FactorMigrationRecord>('POST', '/api/migrations', { token, body: { to_database_id: target.id } });
    expect(preview.status).toBe(201);
    expectEscaped(await download(`/api/migrations/${preview.body.id}/items.csv`), HOSTILE);
  });

  it('import errors', async () => {
    const file = `Title,Quantity,Format,Pages,Paper,Grammage\r\nBad,1000,A4,16,paper_virgin,"${HOSTILE}"\r\n`;
    const response = await fetch(`${ctx.baseUrl}/api/imports?template=brochure&file_name=hostile.csv&mode=valid_rows`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'text/csv' },
      body: file,
    });
    const report = (await response.json()) as ImportReport;
    expect(report.import).toMatchObject({ rows_failed: 1 });
    expectEscaped(await download(`/api/imports/${report.import!.id}/errors.csv`), HOSTILE);
  });
});
