import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvConventions, csvFile, csvNumber, csvText } from '../../../src/core/csv';
import { LANGUAGES } from '../../../src/core/languages';

const parse = (text: string, delimiter = ',') =>
  Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true, delimiter }).data;
const en = csvConventions('en');
const de = csvConventions('de');

describe("csvConventions — the reader's spreadsheet convention", () => {
  it('is ; and decimal comma for the comma-decimal languages, , and decimal point for English', () => {
    expect(de).toEqual({ delimiter: ';', decimal: ',' });
    expect(en).toEqual({ delimiter: ',', decimal: '.' });
    for (const lang of LANGUAGES) expect(csvConventions(lang)).toEqual(lang === 'en' ? en : de);
  });

  it('writes numbers as bare numbers: German 278,21 after ;, English 278.21 after ,', () => {
    const noisy = 278.21296800000005;
    expect(
      csvText(
        [
          ['Menge', 'kg'],
          [3000, noisy],
        ],
        de,
      ),
    ).toBe('Menge;kg\r\n3000;278,21');
    expect(
      csvText(
        [
          ['Quantity', 'kg'],
          [3000, noisy],
        ],
        en,
      ),
    ).toBe('Quantity,kg\r\n3000,278.21');
    // Never digit grouping, never float noise, never an exponent for large figures.
    expect(csvText([[1234567.891, 1e21]], de)).toBe('1234567,89;1000000000000000000000');
  });

  it('rounds numbers to the precision shown: two decimals by default, or the digits a cell names', () => {
    expect(
      csvText([[csvNumber(278.21296800000005, 1), csvNumber(0.012345, 4), csvNumber(1234.5, 0), csvNumber(5, 3)]], de),
    ).toBe('278,2;0,0123;1235;5');
    expect(csvText([[csvNumber(41.58, 1), 0.005, -0.001]], en)).toBe('41.6,0.01,0');
  });

  it('keeps negative numbers numbers in both conventions, not escaped as formulas', () => {
    expect(csvText([[-12.5, csvNumber(-3.25, 2), '-12.5', '-3,5']], de)).toBe('-12,5;-3,25;-12.5;-3,5');
    expect(parse(csvText([[-12.5, '-12.5']], en))[0]).toEqual(['-12.5', '-12.5']);
  });

  it('escapes formula cells in both conventions, also multi-line ones papaparse lets through', () => {
    const cells = ['=1+4\nsecond line', '+cmd|calc', '@SUM(A1)\r\nx', '-2+3', '\t=x', '\r=x', 'plain'];
    const escaped = ["'=1+4\nsecond line", "'+cmd|calc", "'@SUM(A1)\r\nx", "'-2+3", "'\t=x", "'\r=x", 'plain'];
    expect(parse(csvText([cells], en))[0]).toEqual(escaped);
    expect(parse(csvText([cells], de), ';')[0]).toEqual(escaped);
    // papaparse's own escapeFormulae: true, for the record: the multi-line cell is left as it is.
    expect(parse(Papa.unparse([['=1+4\nsecond line']], { escapeFormulae: true }))[0]).toEqual(['=1+4\nsecond line']);
  });

  it('leaves empty cells empty and quotes text holding the delimiter', () => {
    expect(csvText([[0, true, null, undefined, Number.NaN, 'a;b', 'c,d']], de)).toBe('0;true;;;;"a;b";c,d');
    expect(csvText([['a;b', 'c,d']], en)).toBe('a;b,"c,d"');
  });

  it('writes a file with a BOM, CRLF line ends and a final CRLF', () => {
    const file = csvFile(
      [
        ['a', 'b;c'],
        [1, 2.5],
      ],
      de,
    );
    expect(file).toBe('\uFEFFa;"b;c"\r\n1;2,5\r\n');
  });
});
