/** List exports (users, mandants) go through core's CSV writer: the reader's convention, formula cells escaped, objects as JSON. */
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { recordsCsv } from '../../../src/client/shell/download/recordsExporter';

const records = [
  { id: 1, name: '=HYPERLINK("http://x")\nzweite Zeile', settings: { a: 1 }, share: 12.5 },
  { id: 2, name: 'Plain', email: '@evil', share: -0.25 },
];

describe('recordsCsv', () => {
  it('writes every field once as a column and escapes cells a spreadsheet would run', () => {
    const csv = recordsCsv(records, 'en');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const rows = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { skipEmptyLines: true, delimiter: ',' }).data;
    expect(rows).toEqual([
      ['id', 'name', 'settings', 'share', 'email'],
      ['1', '\'=HYPERLINK("http://x")\nzweite Zeile', '{"a":1}', '12.5', ''],
      ['2', 'Plain', '', '-0.25', "'@evil"],
    ]);
  });

  it("follows a German reader's convention: ; between cells, decimal comma", () => {
    const rows = Papa.parse<string[]>(recordsCsv(records, 'de').replace(/^\uFEFF/, ''), {
      skipEmptyLines: true,
      delimiter: ';',
    }).data;
    expect(rows.map((row) => row[3])).toEqual(['share', '12,5', '-0,25']);
    expect(rows[1]![2]).toBe('{"a":1}');
  });
});
