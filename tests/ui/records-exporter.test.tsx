/** List exports (users, mandants) go through core's CSV writer: formula cells escaped, objects as JSON. */
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { recordsCsv } from '../../src/client/shell/download/recordsExporter';

describe('recordsCsv', () => {
  it('writes every field once as a column and escapes cells a spreadsheet would run', () => {
    const csv = recordsCsv([
      { id: 1, name: '=HYPERLINK("http://x")\nzweite Zeile', settings: { a: 1 } },
      { id: 2, name: 'Plain', email: '@evil' },
    ]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const rows = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(rows).toEqual([
      ['id', 'name', 'settings', 'email'],
      ['1', '\'=HYPERLINK("http://x")\nzweite Zeile', '{"a":1}', ''],
      ['2', 'Plain', '', '\'@evil'],
    ]);
  });
});
