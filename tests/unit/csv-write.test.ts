import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvFile, csvText } from '../../src/core/csv';

const parse = (text: string) => Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;

describe('csvText — the one CSV writer', () => {
  it('escapes formula cells, also multi-line ones papaparse lets through', () => {
    const cells = ['=1+4\nsecond line', '+cmd|calc', '@SUM(A1)\r\nx', '-2+3', '\t=x', '\r=x', 'plain'];
    expect(parse(csvText([cells]))[0]).toEqual(["'=1+4\nsecond line", "'+cmd|calc", "'@SUM(A1)\r\nx", "'-2+3", "'\t=x", "'\r=x", 'plain']);
    // papaparse's own escapeFormulae: true, for the record: the multi-line cell is left as it is.
    expect(parse(Papa.unparse([['=1+4\nsecond line']], { escapeFormulae: true }))[0]).toEqual(['=1+4\nsecond line']);
  });

  it('keeps numbers and plain negative numbers as numbers, empty cells empty', () => {
    expect(parse(csvText([[-12.5, '-12.5', '-3,5', 0, true, null, undefined]]))[0]).toEqual(['-12.5', '-12.5', '-3,5', '0', 'true', '', '']);
  });

  it('writes the delimiter asked for; a file has a BOM and ends in CRLF', () => {
    const file = csvFile([['a', 'b;c'], [1, 2]], { delimiter: ';' });
    expect(file.startsWith('\uFEFF')).toBe(true);
    expect(file.endsWith('\r\n')).toBe(true);
    expect(file).toBe('\uFEFFa;"b;c"\r\n1;2\r\n');
  });
});
