import { describe, expect, it } from 'vitest';
import type { Language } from '../../../src/core/languages';
import {
  figureDecimals,
  formatCount,
  formatFigure,
  formatMoney,
  formatNumber,
  formatSignificant,
  parseLocaleNumber,
  roundFigure,
  roundSignificant,
} from '../../../src/core/number-format';

describe('parseLocaleNumber', () => {
  it.each<[Language, string, number | null]>([
    ['de', '1.234,5', 1234.5],
    ['de', '1.234.567', 1234567],
    ['de', '1234,5', 1234.5],
    ['de', '1234.5', 1234.5],
    ['de', '1.234', 1234],
    ['de', '1.5', 1.5],
    ['de', '-1.234,5', -1234.5],
    ['de', ' 12 ', 12],
    ['de', '0,001', 0.001],
    ['de', '1 234,5', 1234.5],
    ['it', '1.234,5', 1234.5],
    ['es', '1.234,5', 1234.5],
    ['es', '1234,5', 1234.5],
    ['en', '1,234.5', 1234.5],
    ['en', '1,234,567.25', 1234567.25],
    ['en', '1234.5', 1234.5],
    ['en', '+3', 3],
    ['fr', '1 234,5', 1234.5],
    ['fr', '1\u00a0234,5', 1234.5],
    ['fr', '1\u202f234,5', 1234.5],
    ['fr', '1234,5', 1234.5],
    ['fr', '1234.5', 1234.5],
    ['fr', '−2,5', -2.5],
    // strict: garbage and wrong conventions are refused, never guessed
    ['de', '', null],
    ['de', '   ', null],
    ['de', 'abc', null],
    ['de', '12abc', null],
    ['de', '1,2,3', null],
    ['de', '1.23,4', null],
    ['de', '1,234.5', null],
    ['en', '1.234,5', null],
    ['en', '1,5', null],
    ['en', '1,23', null],
    ['fr', '1.234,5', null],
    ['de', '--1', null],
    ['de', '1e5', null],
    ['de', 'Infinity', null],
    ['de', ',5', null],
    ['de', '5,', null],
  ])('%s %j → %s', (lang, text, expected) => {
    expect(parseLocaleNumber(text, lang)).toBe(expected);
  });

  it('reads back what formatNumber writes', () => {
    for (const lang of ['de', 'en', 'fr', 'it', 'es'] as const) {
      for (const value of [0, 1.5, -2.25, 1234.5, 1234567.891, 0.001]) {
        expect(
          parseLocaleNumber(formatNumber(value, lang, { maximumFractionDigits: 3 }), lang),
          `${lang} ${value}`,
        ).toBe(value);
      }
    }
  });
});

describe('formatNumber', () => {
  it('formats in the user language with at most two decimals by default', () => {
    expect(formatNumber(12345.678, 'de')).toBe('12.345,68');
    expect(formatNumber(12345.678, 'en')).toBe('12,345.68');
    expect(formatNumber(12345.678, 'fr')).toBe('12\u202f345,68');
    expect(formatNumber(12345.678, 'it')).toBe('12.345,68');
    expect(formatNumber(12345.678, 'es')).toBe('12.345,68');
  });

  it('honours options and never prints NaN', () => {
    expect(formatNumber(1.5, 'de', { minimumFractionDigits: 2 })).toBe('1,50');
    expect(formatNumber(12345, 'de', { grouping: false })).toBe('12345');
    expect(formatNumber(0.123456, 'en', { maximumFractionDigits: 4 })).toBe('0.1235');
    expect(formatNumber(Number.NaN, 'de')).toBe('–');
  });
});

describe('formatCount', () => {
  it('groups whole counts in the reader\u2019s language and never shows decimals', () => {
    expect(formatCount(1200, 'de')).toBe('1.200');
    expect(formatCount(1200, 'en')).toBe('1,200');
    expect(formatCount(0, 'de')).toBe('0');
    expect(formatCount(1234567, 'en')).toBe('1,234,567');
  });
});

describe('the figure rule (issue #35: one rounding for every computed figure)', () => {
  it.each<[number, string]>([
    [72.091, '72,1'],
    [59.99, '60'],
    [0.00723, '0,00723'],
    [0.0072, '0,0072'],
    [3.6, '3,6'],
    [0.352, '0,352'],
    [473.61, '474'],
    [99.96, '100'],
    [12345.6, '12.346'],
    [631.7, '632'],
    [0, '0'],
    [-1.2345, '-1,23'],
  ])('%s → %s (de)', (value, text) => {
    expect(formatFigure(value, 'de')).toBe(text);
  });

  it('rounds the number the same way it formats it', () => {
    for (const value of [72.091, 0.0072345, 473.61, 12345.6, 1.005, 99.96]) {
      expect(parseLocaleNumber(formatFigure(value, 'de'), 'de')).toBe(roundFigure(value));
      expect(Number(roundFigure(value).toFixed(figureDecimals(value)))).toBe(roundFigure(value));
    }
  });

  it('groups thousands and signs gains in every language', () => {
    expect(formatFigure(12345.6, 'en')).toBe('12,346');
    expect(formatFigure(12345.6, 'fr')).toBe('12\u202f346');
    expect(formatFigure(1.5, 'de', { signed: true })).toBe('+1,5');
    expect(formatFigure(-1.5, 'de', { signed: true })).toBe('-1,5');
  });

  it('money keeps two decimals', () => {
    expect(formatMoney(9.8, 'EUR', 'de')).toBe('9,80\u00a0€');
    expect(formatMoney(1234.5, 'EUR', 'en')).toBe('€1,234.50');
  });
});

describe('headline figures (significant figures)', () => {
  it('rounds to three significant figures by default and keeps the exact value out of sight', () => {
    expect(roundSignificant(288.292)).toBe(288);
    expect(roundSignificant(12346)).toBe(12300);
    expect(roundSignificant(0.0072149)).toBe(0.00721);
    expect(roundSignificant(0)).toBe(0);
    expect(formatSignificant(288.292, 'de')).toBe('288');
    expect(formatSignificant(12346, 'de')).toBe('12.300');
    expect(formatSignificant(12346, 'en')).toBe('12,300');
    expect(formatSignificant(0.0072149, 'de')).toBe('0,00721');
    expect(formatSignificant(45.67, 'es')).toBe('45,7');
  });

  it('rounds a range bound to two significant figures and carries over a power of ten', () => {
    expect(formatSignificant(288.292, 'en', 2)).toBe('290');
    expect(formatSignificant(99.96, 'en')).toBe('100');
    expect(formatSignificant(0.996, 'de', 2)).toBe('1');
    expect(formatSignificant(Number.NaN, 'de')).toBe('–');
  });
});
