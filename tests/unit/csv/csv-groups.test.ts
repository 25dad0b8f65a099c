/**
 * CSV import of repeatable groups: numbered column sets ("Transport 2: Entfernung") are recognised
 * in every language and by the group's aliases, map to item n of the group, and build the items
 * of a row. Decided: an empty set adds no item; the filled sets become the items in the order of
 * their numbers (a gap — set 1 empty, set 2 filled — gives one item, from set 2); a set with a
 * required cell empty while another is filled is an error naming the empty column.
 */
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  columnOfPath,
  detectDelimiter,
  importTargets,
  mappingProblems,
  planRows,
  resolveTarget,
  rowToInputs,
  suggestMapping,
  templateCsv,
  withDecimals,
  type CellContext,
} from '../../../src/core/csv';
import { LANGUAGES } from '../../../src/core/languages';
import { checkTemplate, formatTemplateLoadError, loadTemplates, type Template } from '../../../src/core/template';
import { DEMO_FACTORS_2024 } from '../../../src/server/seed/factor-databases';
import { catalogOf, shippedTemplate, shippedTemplateFiles } from '../support/templates';

const brochure = shippedTemplate('brochure');
const context: CellContext = { decimal: ',', factors: DEMO_FACTORS_2024.factors };

/** The brochure with `aliases` added to its import aliases, loaded as the server loads it. */
function brochureWithAliases(aliases: Record<string, string>): Template {
  let version: number | undefined;
  const files = shippedTemplateFiles().map((file) => {
    if (file.fileName !== 'brochure.json') return file;
    const json = JSON.parse(file.text) as { version: number; import: { aliases: Record<string, string> } };
    json.import.aliases = { ...json.import.aliases, ...aliases };
    version = json.version;
    return { fileName: file.fileName, text: JSON.stringify(json) };
  });
  const { templates, errors } = loadTemplates(files, catalogOf(DEMO_FACTORS_2024));
  expect(errors).toEqual([]);
  // brochure.v1.json loads too: the version edited here is the one of brochure.json.
  return templates.find((t) => t.id === 'brochure' && t.version === version)!;
}

function rowOf(template: Template, headers: string[], cells: string[]) {
  const plan = withDecimals(planRows(template, headers, suggestMapping(template, headers)), [cells], ',');
  return { plan, ...rowToInputs(template, plan, cells, context) };
}

describe('numbered set headers', () => {
  it.each([
    ['de', 'Transporte 2: Verkehrsmittel', 'Transporte 2: Entfernung (km)'],
    ['de, item label as Kontor writes it', 'Etappe 2: Verkehrsmittel', 'Etappe 2: Entfernung (km)'],
    ['en, item label', 'Leg 2: Mode', 'Leg 2: Distance (km)'],
    ['de, group label of another language', 'Transport 2: Verkehrsmittel', 'Transport 2: Entfernung'],
    ['en', 'Transport 2: Mode', 'Transport 2: Distance (km)'],
    ['fr', 'Transports 2 : Mode de transport', 'Transports 2 : Distance (km)'],
    ['it', 'Trasporti 2: Mezzo di trasporto', 'Trasporti 2: Distanza'],
    ['es', 'Transportes 2: Medio de transporte', 'Transportes 2: Distancia (km)'],
    ['group id and field names, other punctuation', 'transport_2_mode', 'TRANSPORT #2 - distance_km'],
  ])('recognises %s', (_case, mode, distance) => {
    expect(suggestMapping(brochure, [mode, distance])).toEqual({
      [mode]: 'transport[2].mode',
      [distance]: 'transport[2].distance_km',
    });
  });

  it('maps set 1 to the item-1 keys of before, numbered or not, and set 10 (the maximum) but not 11 or 0', () => {
    expect(Object.values(suggestMapping(brochure, ['Transport 1: Mode', 'Transporte: Entfernung (km)']))).toEqual([
      'transport.mode',
      'transport.distance_km',
    ]);
    expect(
      Object.values(suggestMapping(brochure, ['Transport 10: Mode', 'Transport 11: Mode', 'Transport 0: Mode'])),
    ).toEqual(['transport[10].mode', null, null]);
  });

  it('leaves a numbered header of an unknown field or group unmapped, and maps a set twice named only once', () => {
    expect(
      Object.values(
        suggestMapping(brochure, [
          'Transport 2: Gewicht',
          'Lieferung 2: Entfernung',
          'Transport 2: Mode',
          'Transport 2: Verkehrsmittel',
        ]),
      ),
    ).toEqual([null, null, 'transport[2].mode', null]);
  });

  it('recognises a group field alias (`<group>.<field>`) in every set, and the template checker accepts only real group fields', () => {
    const template = brochureWithAliases({ Strecke: 'transport.distance_km', Fahrzeug: 'transport.mode' });
    expect(suggestMapping(template, ['Strecke', 'Transport 2: Strecke', 'Transporte 3 Fahrzeug'])).toEqual({
      Strecke: 'transport.distance_km',
      'Transport 2: Strecke': 'transport[2].distance_km',
      'Transporte 3 Fahrzeug': 'transport[3].mode',
    });
    const json = JSON.parse(shippedTemplateFiles().find((f) => f.fileName === 'brochure.json')!.text) as {
      import: { aliases: Record<string, string> };
    };
    json.import.aliases = { Strecke: 'transport.weight', Etwas: 'general.title' };
    expect(
      checkTemplate(json, 'brochure.json', catalogOf(DEMO_FACTORS_2024)).errors.map(formatTemplateLoadError),
    ).toEqual([
      "brochure.json: /import/aliases/Strecke: unknown field 'transport.weight'",
      "brochure.json: /import/aliases/Etwas: unknown field 'general.title'",
    ]);
  });
});

describe('mapping keys of group items', () => {
  it('resolves item keys to their canonical form within the group maximum', () => {
    expect(resolveTarget(brochure, 'transport[2].mode')).toMatchObject({
      key: 'transport[2].mode',
      groupId: 'transport',
      item: 2,
    });
    expect(resolveTarget(brochure, 'transport[1].mode')).toMatchObject({ key: 'transport.mode', item: 1 });
    expect(resolveTarget(brochure, 'transport.mode')).toMatchObject({ key: 'transport.mode', item: 1 });
    for (const bad of [
      'transport[0].mode',
      'transport[11].mode',
      'transport[2].nope',
      'general[2].title',
      'transport.1.mode',
      'transport[2]',
      'quantity[2]',
    ]) {
      expect(resolveTarget(brochure, bad), bad).toBeUndefined();
    }
  });

  it('offers the items asked for, capped at the maximum', () => {
    const keys = (items: number) =>
      importTargets(brochure, items)
        .filter((t) => t.groupId)
        .map((t) => t.key);
    expect(keys(2)).toEqual([
      'transport.mode',
      'transport.distance_km',
      'transport[2].mode',
      'transport[2].distance_km',
    ]);
    expect(keys(50)).toHaveLength(20);
  });

  it('reports an unknown item and the same item mapped twice under two spellings', () => {
    expect(
      mappingProblems(brochure, ['A', 'B', 'C'], { A: 'transport[2].mode', B: 'transport[11].mode', C: null }),
    ).toEqual(['"transport[11].mode" is not a field of the template']);
    expect(mappingProblems(brochure, ['A', 'B'], { A: 'transport.mode', B: 'transport[1].mode' })).toEqual([
      '"transport[1].mode" is mapped twice',
    ]);
  });
});

describe('rows with numbered sets', () => {
  const headers = [
    'Titel',
    'Transport 1: Verkehrsmittel',
    'Transport 1: Entfernung',
    'Transport 2: Verkehrsmittel',
    'Transport 2: Entfernung',
  ];

  it('fills one item per filled set, in set order', () => {
    const { inputs, errors, sets } = rowOf(brochure, headers, [
      'A',
      'road_freight_truck',
      '120',
      'Schienengüterverkehr',
      '300,5',
    ]);
    expect(errors).toEqual([]);
    expect(inputs.transport).toEqual([
      { mode: 'road_freight_truck', distance_km: 120 },
      { mode: 'rail_freight', distance_km: 300.5 },
    ]);
    expect(sets).toEqual({ transport: [1, 2] });
  });

  it('skips an empty set; with no set filled the group keeps its defaults (no item)', () => {
    expect(rowOf(brochure, headers, ['A', 'road_freight_truck', '120', '', ' ']).inputs.transport).toEqual([
      { mode: 'road_freight_truck', distance_km: 120 },
    ]);
    const none = rowOf(brochure, headers, ['A', '', '', '', '']);
    expect(none.errors).toEqual([]);
    expect(none.inputs.transport).toEqual([]);
  });

  it('a gap keeps the order: set 1 empty and set 2 filled gives one item, from set 2, whose errors name set 2 columns', () => {
    const { plan, inputs, errors, sets } = rowOf(brochure, headers, ['A', '', '', 'rail_freight', '300']);
    expect(errors).toEqual([]);
    expect(inputs.transport).toEqual([{ mode: 'rail_freight', distance_km: 300 }]);
    expect(sets).toEqual({ transport: [2] });
    expect(columnOfPath(plan, 'transport.0.distance_km', sets)).toBe('Transport 2: Entfernung');
    expect(columnOfPath(plan, 'transport.0.distance_km')).toBe('Transport 1: Entfernung');
    expect(columnOfPath(plan, 'title', sets)).toBe('Titel');
  });

  it('a partly filled set is an error naming each empty required column and the filled ones', () => {
    const { errors } = rowOf(brochure, headers, ['A', 'road_freight_truck', '120', 'rail_freight', '']);
    expect(errors).toEqual([
      {
        column: 'Transport 2: Entfernung',
        value: '',
        key: 'partialSet',
        params: { filled: 'Transport 2: Verkehrsmittel' },
      },
    ]);
    // A required field with a default counts too: a leg without its mode is a mistake, not the truck.
    expect(rowOf(brochure, headers, ['A', '', '120', '', '']).errors).toMatchObject([
      { column: 'Transport 1: Verkehrsmittel', key: 'partialSet' },
    ]);
  });

  it('an unreadable cell is reported and still counts as filled', () => {
    const { errors } = rowOf(brochure, headers, ['A', 'road_freight_truck', 'weit', '', '']);
    expect(errors).toEqual([{ column: 'Transport 1: Entfernung', value: 'weit', key: 'number' }]);
  });

  it('optional fields may stay empty in a filled set (business trips: purpose)', () => {
    const footprint = shippedTemplate('company-footprint');
    const group = footprint.groups.find((g) => g.repeatable)!;
    const label = group.label.en!;
    const cols = [`${label} 2: Mode`, `${label} 2: Distance`, `${label} 2: Travellers`, `${label} 2: Purpose`];
    const { inputs, errors } = rowOf(footprint, cols, ['travel_train', '500', '2', '']);
    expect(errors).toEqual([]);
    expect(inputs[group.id]).toEqual([{ travel_mode: 'travel_train', distance_km: 500, travellers: 2 }]);
  });
});

describe('the template CSV shows the numbered sets', () => {
  it('has two sets per repeatable group in every language, read back as two items', () => {
    for (const lang of LANGUAGES) {
      const text = templateCsv(brochure, lang).replace(/^\uFEFF/, '');
      const delimiter = detectDelimiter(text);
      const [headers, example] = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: true }).data;
      const mapping = suggestMapping(brochure, headers!);
      expect(
        Object.values(mapping).filter((key) => key?.startsWith('transport')),
        lang,
      ).toEqual(['transport.mode', 'transport.distance_km', 'transport[2].mode', 'transport[2].distance_km']);
      const plan = withDecimals(planRows(brochure, headers!, mapping), [example!], delimiter === ';' ? ',' : '.');
      const { inputs, errors } = rowToInputs(brochure, plan, example!, {
        ...context,
        decimal: delimiter === ';' ? ',' : '.',
      });
      expect(errors, lang).toEqual([]);
      expect(inputs.transport, lang).toHaveLength(2);
    }
    expect(templateCsv(brochure, 'de')).toContain(
      ';Etappe 1: Verkehrsmittel;Etappe 1: Entfernung (km);Etappe 2: Verkehrsmittel;Etappe 2: Entfernung (km)',
    );
  });
});
