/**
 * Every CSV the server writes escapes every cell a spreadsheet would run as a formula — also cells
 * with a line break, which papaparse's own `escapeFormulae` lets through. One hostile text is put
 * where each download shows user data (calculation title and customer, an imported value).
 * And every one follows its reader's spreadsheet convention: a German reader's opens in German Excel
 * (BOM, `;` between cells, decimal commas, bare numbers in number cells), an English reader's uses `,` and `.`.
 */
import Papa from 'papaparse';
import { beforeAll, expect, it } from 'vitest';
import type {
  CalculationRecord,
  FactorDatabaseRecord,
  FactorMigrationRecord,
  ImportReport,
} from '../../../src/core/api';
import { describeEachDatabase } from '../harness';
import { roundFigure } from '../../../src/core/number-format';

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

  let migrationId = 0;
  let importId = 0;

  const download = async (url: string) => {
    const response = await fetch(`${ctx.baseUrl}${url}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(response.status, url).toBe(200);
    expect(response.headers.get('content-type'), url).toMatch(/text\/csv/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    // The BOM: spreadsheet programs read the file as UTF-8.
    expect([...bytes.subarray(0, 3)], url).toEqual([0xef, 0xbb, 0xbf]);
    return new TextDecoder().decode(bytes);
  };
  /** The file's rows in `language`'s convention; every row as wide as the header (the delimiter is right). */
  const rowsOf = (csv: string, language: 'de' | 'en') => {
    const rows = Papa.parse<string[]>(csv, { skipEmptyLines: true, delimiter: language === 'en' ? ',' : ';' }).data;
    for (const row of rows) expect(row.length, JSON.stringify(row)).toBe(rows[0]!.length);
    return rows;
  };
  const numberIn = (language: 'de' | 'en', maxDigits: number) =>
    new RegExp(language === 'en' ? `^-?\\d+(\\.\\d{1,${maxDigits}})?$` : `^-?\\d+(,\\d{1,${maxDigits}})?$`);
  /** Downloads `url` as a reader of `language` (the profile language decides), then back to German. */
  const asReaderOf = async <T>(language: 'de' | 'en', work: () => Promise<T>): Promise<T> => {
    expect((await ctx.request('PUT', '/api/auth/me', { token, body: { language } })).status).toBe(200);
    try {
      return await work();
    } finally {
      await ctx.request('PUT', '/api/auth/me', { token, body: { language: 'de' } });
    }
  };
  const expectEscaped = (csv: string, hostile: string) => {
    expect(formulaCells(csv)).toEqual([]);
    expect(csv).toContain(`'${hostile}`);
  };

  beforeAll(async () => {
    token = await ctx.login('admin@muster.example');
    const [demo] = (await ctx.request<CalculationRecord[]>('GET', '/api/calculations?sort=["id","ASC"]', { token }))
      .body;
    const created = await ctx.request<CalculationRecord>('POST', '/api/calculations', {
      token,
      // On the demo calculations' database, so a migration to the newer one previews it with them.
      body: {
        template_id: demo!.template_id,
        inputs: { ...demo!.inputs, title: HOSTILE },
        customer: HOSTILE_CUSTOMER,
        database_id: demo!.database_id,
      },
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
    const preview = await ctx.request<FactorMigrationRecord>('POST', '/api/migrations', {
      token,
      body: { to_database_id: target.id },
    });
    expect(preview.status).toBe(201);
    migrationId = preview.body.id;
    expectEscaped(await download(`/api/migrations/${preview.body.id}/items.csv`), HOSTILE);
  });

  it("migration preview items in the reader's convention: translated header with units, bare numbers", async () => {
    for (const language of ['de', 'en'] as const) {
      const rows = rowsOf(
        await asReaderOf(language, () => download(`/api/migrations/${migrationId}/items.csv`)),
        language,
      );
      expect(rows[0]).toEqual(
        language === 'de'
          ? [
              'Kalkulation (ID)',
              'Nummer',
              'Titel',
              'Vorlage',
              'Bisher (kg CO₂e)',
              'Neu (kg CO₂e)',
              'Differenz (kg CO₂e)',
              'Änderung (%)',
              'Ausgeschlossen',
            ]
          : [
              'Calculation (ID)',
              'Number',
              'Title',
              'Template',
              'Before (kg CO₂e)',
              'New (kg CO₂e)',
              'Difference (kg CO₂e)',
              'Change (%)',
              'Excluded',
            ],
      );
      const items = rows.slice(1);
      expect(items.length).toBeGreaterThan(1);
      for (const row of items) {
        expect(row[0]).toMatch(/^\d+$/);
        // kg by the one figure rule (core/number-format): three significant digits below 100, whole from 100.
        for (const kg of row.slice(4, 7)) {
          if (kg === '') continue;
          expect(kg, language).toMatch(numberIn(language, 6));
          const value = Number(language === 'en' ? kg : kg.replace(',', '.'));
          expect(roundFigure(value), `${kg} (${language})`).toBe(value);
        }
        if (row[7] !== '') expect(row[7], language).toMatch(numberIn(language, 1));
      }
      // Template names as the reader reads them, not ids; the kg figures hold decimals in the reader's way.
      expect(items.some((row) => row[3] === (language === 'de' ? 'Broschüre' : 'Brochure'))).toBe(true);
      expect(items.some((row) => row[4]!.includes(language === 'de' ? ',' : '.'))).toBe(true);
    }
  });

  it("protocol export in the reader's convention", async () => {
    for (const language of ['de', 'en'] as const) {
      const rows = rowsOf(
        await asReaderOf(language, () => download('/api/protocol/export.csv?sort=["at","DESC"]')),
        language,
      );
      expect(rows[0]![0]).toBe(language === 'de' ? 'Zeitpunkt' : 'When');
      // No database id column (issue #35 item 5).
      expect(rows[0]).toHaveLength(10);
      expect(rows.length).toBeGreaterThan(2);
      // The mandant column names the reader's own mandant, as people read it.
      for (const row of rows.slice(1)) if (row[3] !== '') expect(row[3]).toBe('Druckerei Muster');
    }
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
    importId = report.import!.id;
    expectEscaped(await download(`/api/imports/${report.import!.id}/errors.csv`), HOSTILE);
  });

  it("import errors in the reader's convention", async () => {
    for (const language of ['de', 'en'] as const) {
      const rows = rowsOf(await asReaderOf(language, () => download(`/api/imports/${importId}/errors.csv`)), language);
      expect(rows[0]).toEqual(
        language === 'de' ? ['Zeile', 'Spalte', 'Wert', 'Fehler'] : ['Row', 'Column', 'Value', 'Error'],
      );
      expect(rows[1]![0]).toMatch(/^\d+$/);
    }
  });
});
