/** Core CSV mapping: header suggestions in five languages, cell parsing, row building, sniffing, escaping. */
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  detectDecimalSeparator,
  detectDelimiter,
  detectEncoding,
  escapeCsvCell,
  importTargets,
  looksBinary,
  mappingProblems,
  parseBoolean,
  parseCell,
  planRows,
  rowToInputs,
  suggestMapping,
  targetHeader,
  templateCsv,
  withDecimals,
  type CellContext,
} from '../../../src/core/csv';
import { LANGUAGES } from '../../../src/core/languages';
import {
  fieldNumberOptions,
  KG_CO2E,
  localizeUnit,
  unitCatalog,
  UNIT_WORDS,
  withCo2Subscript,
  type Field,
} from '../../../src/core/template';
import { DEMO_FACTORS_2024 } from '../../../src/server/seed/factor-databases';
import { shippedTemplate } from '../support/templates';

const brochure = shippedTemplate('brochure');
const context: CellContext = { decimal: ',', factors: DEMO_FACTORS_2024.factors };
const field = (name: string): Field => brochure.groups.flatMap((g) => g.fields).find((f) => f.name === name)!;

describe('suggestMapping', () => {
  it.each([
    ['de', ['Titel', 'Auflage', 'Format', 'Seiten (Inhalt)', 'Papier', 'Grammatur (g/m²)', 'Makulatur']],
    ['en', ['Title', 'Quantity', 'Format', 'Pages (inside)', 'Paper', 'Grammage', 'Spoilage']],
    ['fr', ['Titre', 'Tirage', 'Format', 'Pages (intérieur)', 'Papier', 'Grammage', 'Gâche']],
    ['it', ['Titolo', 'Tiratura', 'Formato', 'Pagine (interno)', 'Carta', 'Grammatura', 'Scarti di avviamento']],
    ['es', ['Título', 'Tirada', 'Formato', 'Páginas (interior)', 'Papel', 'Gramaje', 'Maculatura']],
  ])('recognises %s headers', (_lang, headers) => {
    expect(Object.values(suggestMapping(brochure, headers))).toEqual([
      'title',
      'quantity',
      'format',
      'pages',
      'paper',
      'grammage',
      'spoilage_pct',
    ]);
  });

  it('uses the aliases, ignores case, accents and punctuation, maps a field once and leaves unknown columns unmapped', () => {
    expect(
      suggestMapping(brochure, ['UMFANG', 'auflage', 'Auflage ', 'Bemerkung', 'titulo', 'Transport: Distance (km)']),
    ).toEqual({
      UMFANG: 'pages',
      auflage: 'quantity',
      'Auflage ': null,
      Bemerkung: null,
      titulo: 'title',
      'Transport: Distance (km)': 'transport.distance_km',
    });
  });

  it('names word units in the header language and still recognises them, and the unit written in the template', () => {
    const quantity = importTargets(brochure).find((target) => target.key === 'quantity')!;
    expect(LANGUAGES.map((lang) => targetHeader(brochure, quantity, lang))).toEqual([
      'Auflage (Stk.)',
      'Quantity (pcs)',
      'Tirage (pcs)',
      'Tiratura (pz.)',
      'Tirada (uds.)',
    ]);
    expect(Object.values(suggestMapping(brochure, ['Auflage (Stk.)', 'Tiratura (pz.)', 'Quantity (pcs)']))).toEqual([
      'quantity',
      null,
      null,
    ]);
    expect(suggestMapping(brochure, ['Auflage (pcs)'])).toEqual({ 'Auflage (pcs)': 'quantity' });
  });

  it('keeps columns named like Object.prototype members as columns of their own', () => {
    const mapping = suggestMapping(brochure, ['__proto__', 'constructor', 'Auflage']);
    expect(Object.keys(mapping)).toEqual(['__proto__', 'constructor', 'Auflage']);
    expect(Object.getPrototypeOf(mapping)).toBe(Object.prototype);
    expect(
      planRows(brochure, ['constructor', 'toString', 'Auflage'], { Auflage: 'quantity' }).columns.map((c) => c.header),
    ).toEqual(['Auflage']);
  });

  it('reports mappings to unknown fields, twice-used fields and missing columns', () => {
    expect(mappingProblems(brochure, ['A', 'B'], { A: 'quantity', B: 'quantity', C: 'nope' })).toHaveLength(3);
    expect(mappingProblems(brochure, ['A', 'B'], { A: 'quantity', B: null })).toEqual([]);
  });
});

describe('localizeUnit', () => {
  it('translates the word units into every language and leaves symbols and unknown units as written', () => {
    expect(localizeUnit('sheets', 'de')).toBe('Bogen');
    expect(localizeUnit('pages', 'es')).toBe('páginas');
    for (const unit of ['kg', 'kg CO₂e', 'g/m²', 'kWh/1000', '%', 'rolls', 'constructor'])
      expect(localizeUnit(unit, 'fr')).toBe(unit);
    for (const texts of Object.values(UNIT_WORDS))
      for (const lang of LANGUAGES) expect(texts[lang].trim()).not.toBe('');
  });

  it('writes the CO2 a template spells in ASCII with its subscript two, in every language', () => {
    for (const lang of LANGUAGES) {
      expect(localizeUnit('kg CO2e', lang)).toBe('kg CO₂e');
      expect(localizeUnit('kg CO2e/kWh', lang)).toBe('kg CO₂e/kWh');
      expect(localizeUnit('t CO2', lang)).toBe('t CO₂');
    }
    expect(KG_CO2E).toBe('kg CO₂e');
    // Only the formula: other words with "CO2" in them stay as written.
    expect(withCo2Subscript('CO2x CO20 ECO2e')).toBe('CO2x CO20 ECO2e');
  });
});

describe('fieldNumberOptions', () => {
  it('groups digits except in integer fields without a unit (years)', () => {
    expect(fieldNumberOptions({ type: 'integer', unit: undefined })).toEqual({ grouping: false });
    expect(fieldNumberOptions({ type: 'integer', unit: 'pcs' })).toEqual({ grouping: true });
    expect(fieldNumberOptions({ type: 'number', unit: undefined })).toEqual({ grouping: true });
  });
});

describe('parseCell', () => {
  it('reads numbers in the column format', () => {
    expect(parseCell(field('quantity'), '1.234', { ...context, decimal: ',' })).toEqual({ ok: true, value: 1234 });
    expect(parseCell(field('quantity'), '1,234', { ...context, decimal: '.' })).toEqual({ ok: true, value: 1234 });
    expect(parseCell(field('spoilage_pct'), '1.234,5', { ...context, decimal: ',' })).toEqual({
      ok: true,
      value: 1234.5,
    });
    expect(parseCell(field('spoilage_pct'), '1,234.5', { ...context, decimal: '.' })).toEqual({
      ok: true,
      value: 1234.5,
    });
    expect(parseCell(field('spoilage_pct'), '=1+2', context)).toEqual({ ok: false, key: 'number' });
    expect(parseCell(field('spoilage_pct'), 'zehn', context)).toEqual({ ok: false, key: 'number' });
  });

  it('detects a column decimal separator from its values', () => {
    expect(detectDecimalSeparator(['1.234,5', '12'], '.')).toBe(',');
    expect(detectDecimalSeparator(['0.5', '1,234.5'], ',')).toBe('.');
    expect(detectDecimalSeparator(['1.234', '12'], ',')).toBe(',');
    expect(detectDecimalSeparator(['1.234', '12'], '.')).toBe('.');
  });

  it.each(['ja', 'Yes', 'oui', 'sì', 'sí', 'si', 'x', 'WAHR', '1'])('reads %s as true', (word) =>
    expect(parseBoolean(word)).toBe(true),
  );
  it.each(['nein', 'No', 'non', 'falso', '0', 'FALSCH'])('reads %s as false', (word) =>
    expect(parseBoolean(word)).toBe(false),
  );
  it('rejects other words for booleans', () =>
    expect(parseCell(field('has_cover'), 'vielleicht', context)).toEqual({ ok: false, key: 'boolean' }));

  it('reads options by value or label in any language, and factors by key or label', () => {
    expect(parseCell(field('format'), 'a5', context)).toEqual({ ok: true, value: 'A5' });
    expect(parseCell(field('format'), 'A6 (105 × 148 mm)', context)).toEqual({ ok: true, value: 'A6' });
    expect(parseCell(field('format'), 'B1', context)).toEqual({ ok: false, key: 'option' });
    expect(parseCell(field('paper'), 'paper_recycled', context)).toEqual({ ok: true, value: 'paper_recycled' });
    expect(parseCell(field('paper'), 'Carta, fibra vergine', context)).toEqual({ ok: true, value: 'paper_virgin' });
    expect(parseCell(field('paper'), 'Papel, fibra reciclada', context)).toEqual({ ok: true, value: 'paper_recycled' });
    // A factor of another category is not a paper.
    expect(parseCell(field('paper'), 'electricity_de_grid', context)).toEqual({ ok: false, key: 'factor' });
  });

  it('splits tags on , ; and |, and keeps text (formulas included) as plain text', () => {
    expect(parseCell(field('tags'), 'a, b;c | a', context)).toEqual({ ok: true, value: ['a', 'b', 'c'] });
    expect(parseCell(field('title'), ' =SUM(A1) ', context)).toEqual({ ok: true, value: '=SUM(A1)' });
  });

  it('reads a machine by key or name in any case, of the field’s kind only', () => {
    const press: Field = {
      name: 'press',
      type: 'machine',
      machineKind: 'press',
      label: { de: 'Druckmaschine' },
    } as Field;
    const machines = [
      { key: 'sm-102', kind: 'press', name: 'Speedmaster XL' },
      { key: 'folder-1', kind: 'finishing', name: 'Folder' },
    ];
    const withMachines = { ...context, machines };
    expect(parseCell(press, 'sm-102', withMachines)).toEqual({ ok: true, value: 'sm-102' });
    expect(parseCell(press, ' SM-102 ', withMachines)).toEqual({ ok: true, value: 'sm-102' });
    expect(parseCell(press, 'speedmaster xl', withMachines)).toEqual({ ok: true, value: 'sm-102' });
    expect(parseCell(press, 'Folder', withMachines)).toEqual({ ok: false, key: 'machine' });
    expect(parseCell(press, 'Heidelberg', withMachines)).toEqual({ ok: false, key: 'machine' });
    // Without a machine set (a preview in the browser) the cell stays as written.
    expect(parseCell(press, 'Heidelberg', context)).toEqual({ ok: true, value: 'Heidelberg' });
  });
});

describe('rowToInputs', () => {
  it('starts from the defaults, fills mapped cells, fills a repeatable group item and drops hidden fields', () => {
    const headers = ['Titel', 'Auflage', 'Umschlag', 'Entfernung', 'Notiz'];
    const mapping = { ...suggestMapping(brochure, headers), Entfernung: 'transport.distance_km' };
    const plan = withDecimals(planRows(brochure, headers, mapping), [['x', '1.500', 'nein', '12,5', '']], ',');
    const { inputs, errors } = rowToInputs(brochure, plan, ['Katalog', '1.500', 'nein', '12,5', 'egal'], context);
    expect(errors).toEqual([]);
    expect(inputs).toMatchObject({ title: 'Katalog', quantity: 1500, has_cover: false, pages: 16, format: 'A4' });
    expect(inputs.transport).toEqual([{ mode: 'road_freight_truck', distance_km: 12.5 }]);
    expect(inputs).not.toHaveProperty('cover_paper');
  });

  it('reports unreadable cells by column and keeps the default for empty ones', () => {
    const headers = ['Title', 'Quantity', 'Pages'];
    const plan = planRows(brochure, headers, suggestMapping(brochure, headers));
    const { inputs, errors } = rowToInputs(brochure, plan, ['x', 'many', ''], { ...context, decimal: '.' });
    expect(errors).toEqual([{ column: 'Quantity', value: 'many', key: 'number' }]);
    expect(inputs.pages).toBe(16);
  });
});

describe('sniffing', () => {
  const bytes = (...values: number[]) => new Uint8Array(values);
  it('tells UTF-8 (with and without BOM) from Windows-1252', () => {
    expect(detectEncoding(new TextEncoder().encode('Größe;Auflage'))).toBe('utf-8');
    expect(detectEncoding(bytes(0xef, 0xbb, 0xbf, 0x41))).toBe('utf-8');
    expect(detectEncoding(bytes(0x47, 0x72, 0xf6, 0xdf, 0x65))).toBe('windows-1252');
    // A chunk cut inside a multi-byte character is still UTF-8.
    expect(detectEncoding(new TextEncoder().encode('abc ö').subarray(0, 5))).toBe('utf-8');
  });

  it('detects the delimiter of the header line, ignoring quoted ones', () => {
    expect(detectDelimiter('a;b;"c,d,e"\n1,2')).toBe(';');
    expect(detectDelimiter('a,b,c\n')).toBe(',');
    expect(detectDelimiter('\uFEFFa\tb\tc,d\n')).toBe('\t');
  });

  it('recognises binary files', () => {
    expect(looksBinary(bytes(0x89, 0x50, 0x4e, 0x47, 0, 0))).toBe(true);
    expect(looksBinary(new TextEncoder().encode('a;b\r\n1;2\r\n'))).toBe(false);
  });
});

describe('escapeCsvCell', () => {
  it.each(['=1+2', '+cmd', '-2+3', '@SUM(A1)', '\tx', '\rx'])('escapes %j', (cell) =>
    expect(escapeCsvCell(cell)).toBe(`'${cell}`),
  );
  it.each(['plain', '-12.5', '+3', '12', ''])('leaves %j alone', (cell) => expect(escapeCsvCell(cell)).toBe(cell));
});

describe('templateCsv', () => {
  it('shows a unit a provider admin added by its label from the unit catalogue, and reads that header back', () => {
    const rolls = {
      ...brochure,
      groups: brochure.groups.map((g) => ({
        ...g,
        fields: g.fields.map((f) => (f.name === 'quantity' ? { ...f, unit: 'rolls' } : f)),
      })),
    };
    const units = unitCatalog([
      { key: 'rolls', label: { de: 'Rollen', en: 'rolls', fr: 'rouleaux', it: 'rotoli', es: 'rollos' } },
    ]);
    expect(templateCsv(rolls, 'de', units)).toMatch(/^\uFEFFTitel;Auflage \(Rollen\);/);
    expect(templateCsv(rolls, 'fr', units)).toMatch(/;Tirage \(rouleaux\);/);
    expect(templateCsv(rolls, 'de')).toMatch(/;Auflage \(rolls\);/);
    expect(suggestMapping(rolls, ['Auflage (Rollen)'])).toEqual({ 'Auflage (Rollen)': 'quantity' });
  });

  // Version 1 has the decimal default (kWh per 1000); version 2 labels with the delimiter in them ("Colours, front").
  const brochureV1 = shippedTemplate('brochure', 1);

  it('has the header in the user language, recognised again by suggestMapping, and an example row', () => {
    for (const template of [brochureV1, brochure])
      for (const lang of ['de', 'en', 'fr', 'it', 'es'] as const) {
        const text = templateCsv(template, lang).replace(/^\uFEFF/, '');
        const delimiter = lang === 'en' ? ',' : ';';
        const [headers, example] = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: true }).data;
        expect(
          Object.values(suggestMapping(template, headers!)).every((key) => key !== null),
          `${template.version} ${lang}`,
        ).toBe(true);
        expect(example).toBeTruthy();
      }
    expect(templateCsv(brochure, 'de')).toMatch(/^\uFEFFTitel;Auflage \(Stk\.\);/);
    expect(templateCsv(brochure, 'en')).toContain(',"Colours, front (pcs)","Colours, back (pcs)",');
  });

  it("is read back by Kontor's own importer in every language: the example row gives the template's defaults", () => {
    for (const template of [brochureV1, brochure])
      for (const lang of LANGUAGES) {
        const text = templateCsv(template, lang).replace(/^\uFEFF/, '');
        const delimiter = detectDelimiter(text);
        expect(delimiter, lang).toBe(lang === 'en' ? ',' : ';');
        const [headers, example] = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: true }).data;
        // The decimal default (kWh per 1000) is written as the reader's spreadsheet writes it.
        if (template === brochureV1) expect(example, lang).toContain(lang === 'en' ? '2.5' : '2,5');
        const plan = withDecimals(
          planRows(template, headers!, suggestMapping(template, headers!)),
          [example!],
          delimiter === ';' ? ',' : '.',
        );
        const { inputs, errors } = rowToInputs(template, plan, example!, {
          ...context,
          decimal: delimiter === ';' ? ',' : '.',
        });
        expect(errors, `${template.version} ${lang}`).toEqual([]);
        if (template === brochureV1) expect(inputs.energy_kwh_per_1000, lang).toBe(2.5);
        const defaults = Object.fromEntries(
          template.groups
            .filter((g) => !g.repeatable)
            .flatMap((g) => g.fields)
            .filter((f) => (f.type === 'number' || f.type === 'integer') && f.default !== undefined)
            .map((f) => [f.name, f.default]),
        );
        expect(Object.keys(defaults).length, lang).toBeGreaterThan(2);
        for (const [name, value] of Object.entries(defaults))
          if (name in inputs) expect(inputs[name], `${template.version} ${lang} ${name}`).toBe(value);
      }
  });
});
