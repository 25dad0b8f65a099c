/**
 * Issue #34 item 5: every kind of import row error reads as a sentence in every language, on screen and in the error
 * CSV (both show the stored `messages`), never "[object Object]" or a raw message key; a refused option cell lists
 * the options the column accepts, and an option cell is read by its label in any language, its short form or its value.
 */
import { describe, expect, it } from 'vitest';
import '../../../src/core/i18n/all-locales';
import { wordFault } from '../../../src/core/i18n/fault';
import type { FactorDatabaseRecord, FactorRecord, MachineSetRecord } from '../../../src/core/api';
import { toProductionData } from '../../../src/core/production';
import type { ProductionSet } from '../../../src/server/machines/production';
import { CSV_MESSAGE_KEYS, renderCsvMessage, type CsvMessageKey } from '../../../src/core/csv/messages';
import { parseCell, planRows, templateCsv, type CellContext } from '../../../src/core/csv';
import { LANGUAGES } from '../../../src/core/languages';
import type { Field } from '../../../src/core/template';
import { DEMO_FACTORS_2025 } from '../../../src/server/seed/factor-databases';
import { toFactorSet } from '../../../src/server/factors/factor-set';
import { evaluateRow, type RowError, type RowEvaluator } from '../../../src/server/imports/evaluate-row';
import { shippedTemplate } from '../support/templates';
import { NO_MARKET_OR_SITE } from '../../support/machine-set';

const brochure = shippedTemplate('brochure');
const factors = toFactorSet(
  { id: 902, name: DEMO_FACTORS_2025.name, version_label: DEMO_FACTORS_2025.version } as FactorDatabaseRecord,
  DEMO_FACTORS_2025.factors.map((factor, index) => ({ ...factor, id: index + 1, database_id: 902 }) as FactorRecord),
);
const PRODUCTION: ProductionSet = {
  data: toProductionData(
    {
      // Ids no other unit test uses: validators are cached by database and machine set, across the files of a worker.
      id: 907,
      name: 'Shop',
      version_label: '2026',
      electricity_factor: 0.25,
      electricity_supplier: 'Stadtwerke',
      electricity_source: 'Contract 2026',
      electricity_year: 2026,
      electricity_region: 'DE',
      ...NO_MARKET_OR_SITE,
    } as MachineSetRecord,
    [
      {
        key: 'SM74',
        kind: 'press',
        name: 'Speedmaster 74',
        figures: {
          power_kw: { value: 80, source: 'Meter 2025', year: 2025 },
          speed_sheets_per_hour: { value: 10000, source: 'Data sheet', year: 2024 },
          makeready_minutes: { value: 30, source: 'Own timing', year: 2025 },
          makeready_sheets: { value: 150, source: 'Own count', year: 2025 },
        },
      },
    ],
  ),
  keysByKind: { press: ['SM74'] },
};
const context: CellContext = {
  decimal: ',',
  factors: DEMO_FACTORS_2025.factors,
  machines: [{ key: 'SM74', kind: 'press', name: 'Speedmaster 74' }],
};
const field = (name: string): Field => brochure.groups.flatMap((g) => g.fields).find((f) => f.name === name)!;

const HEADERS = [
  'Titel',
  'Auflage',
  'Format',
  'Seiten',
  'Papier',
  'Grammatur',
  'Makulatur',
  'Separater Umschlag',
  'Druckmaschine',
  'Transporte 1: Verkehrsmittel',
  'Transporte 1: Entfernung',
];
const MAPPING = {
  Titel: 'title',
  Auflage: 'quantity',
  Format: 'format',
  Seiten: 'pages',
  Papier: 'paper',
  Grammatur: 'grammage',
  Makulatur: 'spoilage_pct',
  'Separater Umschlag': 'has_cover',
  Druckmaschine: 'press',
  'Transporte 1: Verkehrsmittel': 'transport.mode',
  'Transporte 1: Entfernung': 'transport.distance_km',
};
const GOOD = ['Herbst', '5000', 'A4', '16', 'paper_virgin', '115', '10', 'nein', 'SM74', 'road_freight_truck', '120'];

function evaluator(headers = HEADERS, mapping: Record<string, string> = MAPPING): RowEvaluator {
  return {
    template: brochure,
    plan: planRows(brochure, headers, mapping),
    factors,
    production: PRODUCTION,
    context,
    lang: 'de',
  };
}

function errorsOf(cells: string[], headers = HEADERS, mapping: Record<string, string> = MAPPING): RowError[] {
  const outcome = evaluateRow(evaluator(headers, mapping), 1, cells);
  if (outcome.ok) throw new Error(`row accepted: ${JSON.stringify(cells)}`);
  return outcome.errors;
}

const withCell = (header: string, value: string) => GOOD.map((cell, i) => (HEADERS[i] === header ? value : cell));

/** A sentence: no object's string form, no message key, no placeholder left over. */
function expectSentence(message: string) {
  expect(message).not.toContain('[object');
  expect(message).not.toMatch(/%\{/);
  expect(message).not.toMatch(/\b(errors|csv|rules|template)\.[a-zA-Z_]+/);
  expect(message.trim().length).toBeGreaterThan(10);
}

describe('import row errors (issue #34)', () => {
  it('accepts the good row, so each case below fails for its own cell', () => {
    const outcome = evaluateRow(evaluator(), 1, GOOD);
    expect(outcome.ok ? [] : outcome.errors.map((e) => wordFault(e.fault, 'de'))).toEqual([]);
  });

  const cases: Array<{
    kind: CsvMessageKey;
    cells: () => string[];
    headers?: string[];
    mapping?: Record<string, string>;
  }> = [
    { kind: 'number', cells: () => withCell('Auflage', 'viele') },
    { kind: 'boolean', cells: () => withCell('Separater Umschlag', 'vielleicht') },
    { kind: 'option', cells: () => withCell('Format', 'DIN C4') },
    { kind: 'factor', cells: () => withCell('Papier', 'papier_frisch') },
    { kind: 'machine', cells: () => withCell('Druckmaschine', 'Heidelberg XL') },
    { kind: 'partialSet', cells: () => withCell('Transporte 1: Entfernung', '') },
    // A value the cell reads, but the template's rules refuse: the "[object Object]" of the issue.
    { kind: 'rule', cells: () => withCell('Grammatur', '1000') },
    { kind: 'rule', cells: () => withCell('Seiten', '17') },
    // A required field no column fills: an error of the row, not of a column.
    {
      kind: 'row',
      cells: () => GOOD.slice(1),
      headers: HEADERS.slice(1),
      mapping: Object.fromEntries(Object.entries(MAPPING).filter(([header]) => header !== 'Titel')),
    },
  ];

  it.each(cases)('words a $kind error as a sentence in every language', ({ kind, cells, headers, mapping }) => {
    const errors = errorsOf(cells(), headers, mapping);
    expect(errors.map((e) => e.key)).toContain(kind);
    for (const error of errors)
      for (const lang of LANGUAGES) {
        expectSentence(wordFault(error.fault, lang));
        if (error.column !== null) expect(wordFault(error.fault, lang)).toContain(error.column);
      }
  });

  it('covers every row-error kind there is', () => {
    const walked = new Set([...cases.map((c) => c.kind), 'date']);
    expect([...walked].sort()).toEqual([...CSV_MESSAGE_KEYS].sort());
  });

  it('words every message key with every parameter a row error gives it', () => {
    const params = {
      column: 'Spalte',
      value: 'Wert',
      database: 'Demo 2025',
      machineSet: 'Shop 2026',
      filled: 'A, B',
      allowed: 'A4, A5',
      message: 'muss zwischen 1 und 10 liegen',
    };
    for (const key of CSV_MESSAGE_KEYS)
      for (const lang of LANGUAGES) expectSentence(renderCsvMessage(key, lang, params));
    const date: Field = {
      name: 'day',
      type: 'date',
      label: { de: 'Tag', en: 'Day', fr: 'Jour', it: 'Giorno', es: 'Día' },
    };
    expect(parseCell(date, '31.02.2026', context)).toEqual({ ok: false, key: 'date' });
  });

  it('lists the allowed options of a refused option cell, by their labels in the reader’s language', () => {
    const [error] = errorsOf(withCell('Format', 'DIN C4'));
    expect(wordFault(error!.fault, 'de')).toContain('A4 (210 × 297 mm) [A4]');
    expect(wordFault(error!.fault, 'de')).toContain('A5 (148 × 210 mm) [A5]');
    expect(wordFault(error!.fault, 'de')).toContain('„DIN C4“');
  });

  it('reads an option cell by its label in any language, its short form and its value', () => {
    const coating: Field = {
      name: 'coating',
      type: 'select',
      label: { de: 'Veredelung', en: 'Coating', fr: 'Finition', it: 'Finitura', es: 'Acabado' },
      options: [
        { value: 'none', label: { de: 'keine', en: 'none', fr: 'aucune', it: 'nessuna', es: 'ninguna' } },
        {
          value: 'din_long',
          label: {
            de: 'DIN lang (99 × 210 mm)',
            en: 'DL (99 × 210 mm)',
            fr: 'DL (99 × 210 mm)',
            it: 'DL (99 × 210 mm)',
            es: 'DL (99 × 210 mm)',
          },
        },
      ],
    };
    for (const cell of ['keine', 'none', 'aucune', 'Nessuna', 'NINGUNA'])
      expect(parseCell(coating, cell, context)).toEqual({ ok: true, value: 'none' });
    for (const cell of ['din_long', 'DIN lang (99 × 210 mm)', 'DIN lang', 'din lang', 'DL'])
      expect(parseCell(coating, cell, context)).toEqual({ ok: true, value: 'din_long' });
    expect(parseCell(field('format'), 'A5', context)).toEqual({ ok: true, value: 'A5' });
    expect(parseCell(field('format'), 'A5 (148 × 210 mm)', context)).toEqual({ ok: true, value: 'A5' });
  });

  it('writes the CSV template with labels in the reader’s language, which the importer reads back', () => {
    const [header, example] = templateCsv(brochure, 'de', undefined, DEMO_FACTORS_2025.factors)
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .map((line) => line.split(';'));
    const cell = (name: RegExp) => example![header!.findIndex((h) => name.test(h))]!;
    expect(cell(/^Format/)).toBe('A4 (210 × 297 mm)');
    const paper = DEMO_FACTORS_2025.factors.find((f) => f.key === 'paper_virgin')!;
    expect(cell(/^Papier/)).toBe(paper.label!.de);
    expect(example).not.toContain('paper_virgin');
    expect(parseCell(field('paper'), cell(/^Papier/), context)).toEqual({ ok: true, value: 'paper_virgin' });
    const english = templateCsv(brochure, 'en', undefined, DEMO_FACTORS_2025.factors);
    expect(english).toContain(paper.label!.en);
  });
});
