/**
 * The print model of the shipped templates, version 3 (ISO 16759 stages, issues 21 and 33): every field of every shipped
 * template changes the result it should, or says it is informational (the field-effect test); and one worked example
 * per template whose every stage was computed by hand — the same arithmetic is written out in
 * docs/template-authoring.md, section 10 (factors from "Demo-Faktoren 2024").
 */
import { describe, expect, it } from 'vitest';
import type { MachineRecord, MachineSetRecord } from '../../../src/core/api';
import { computeResults } from '../../../src/core/formula';
import { toProductionData } from '../../../src/core/production';
import { validateInputs } from '../../../src/core/rules';
import { defaultInputs, pruneInputs, type Field, type FieldValue, type Template } from '../../../src/core/template';
import { DEMO_FACTORS_2024 } from '../../../src/server/seed/factor-databases';
import { lookup2024, shippedTemplate } from '../support/templates';
import { NO_MARKET_OR_SITE } from '../../support/machine-set';

const PRINT_TEMPLATES = ['flyer', 'brochure', 'book', 'business-cards', 'poster', 'folding-box'];

type Machine = Pick<MachineRecord, 'key' | 'kind' | 'name' | 'figures'>;
const figure = (value: number) => ({ value, source: 'test data sheet', year: 2025 });
const machine = (
  key: string,
  kind: Machine['kind'],
  power: number,
  speed: number,
  minutes: number,
  sheets: number,
) => ({
  key,
  kind,
  name: key,
  figures: {
    power_kw: figure(power),
    speed_sheets_per_hour: figure(speed),
    makeready_minutes: figure(minutes),
    makeready_sheets: figure(sheets),
  },
});
const set: MachineSetRecord = {
  id: 1,
  mandant_id: 1,
  name: 'Shop',
  version_label: '2026',
  status: 'published',
  based_on_id: null,
  current: true,
  electricity_factor: 0.38,
  electricity_supplier: 'Stadtwerke',
  electricity_source: 'Contract 2026',
  electricity_year: 2026,
  electricity_region: 'DE',
  ...NO_MARKET_OR_SITE,
  published_at: null,
  created_at: '',
  updated_at: '',
  version: 1,
};
const MACHINES: Machine[] = [
  machine('sm-102', 'press', 90, 12000, 20, 150),
  machine('gto-52', 'press', 20, 6000, 15, 80),
  machine('polar', 'finishing', 15, 20000, 10, 0),
  machine('stahl', 'finishing', 8, 8000, 20, 0),
];
const production = toProductionData(set, MACHINES);

/** Which result a field must move: the stage it belongs to (or the total where it acts on every stage). */
const EXPECTED: Record<string, string> = {
  quantity: 'total_co2e',
  designs: 'prepress_co2e',
  format: 'materials_co2e',
  pages: 'materials_co2e',
  binding: 'materials_co2e',
  blank_width_mm: 'materials_co2e',
  blank_height_mm: 'materials_co2e',
  paper: 'materials_co2e',
  grammage: 'materials_co2e',
  spoilage_pct: 'materials_co2e',
  has_cover: 'materials_co2e',
  cover_paper: 'materials_co2e',
  cover_grammage: 'materials_co2e',
  colours_front: 'prepress_co2e',
  colours_back: 'prepress_co2e',
  ups: 'press_co2e',
  press: 'press_co2e',
  finisher: 'postpress_co2e',
  coating: 'postpress_co2e',
  finish: 'postpress_co2e',
  outdoor: 'postpress_co2e',
  cartons: 'packaging_co2e',
  process: 'prepress_co2e',
  sheet_format: 'materials_co2e',
  paper_transport_km: 'materials_co2e',
  paper_transport_mode: 'materials_co2e',
  makeready_sheets_default: 'materials_co2e',
  coverage_pct: 'press_co2e',
  packaging_pct: 'packaging_co2e',
  collected_by_customer: 'transport_co2e',
  mode: 'transport_co2e',
  distance_km: 'transport_co2e',
};

/**
 * Where a template's field moves another stage than the name says: all card formats take the same 21 ups on SRA3, so
 * the paper bought does not change, only the delivered (and packed) mass.
 */
const EXPECTED_IN: Record<string, string> = { 'business-cards.format': 'packaging_co2e' };

const valid = (template: Template, inputs: Record<string, unknown>) =>
  Object.keys(validateInputs(template, pruneInputs(template, inputs), 'en')).length === 0;

/** Other values a field may take, first the ones most likely valid. */
function alternatives(field: Field, current: unknown): unknown[] {
  switch (field.type) {
    case 'integer':
    case 'number': {
      const value = typeof current === 'number' ? current : 1;
      return [value * 2, value + 4, value + 1, Math.round(value / 2), value - 1, 100, 10];
    }
    case 'boolean':
      return [!current];
    case 'select':
      return (field.options ?? []).map((option) => option.value).filter((value) => value !== current);
    case 'multiselect':
      return (field.options ?? []).map((option) => [option.value]);
    case 'factor':
      return DEMO_FACTORS_2024.factors
        .filter((factor) => factor.category === field.category && factor.key !== current)
        .map((factor) => factor.key);
    case 'machine':
      return [
        ...MACHINES.filter((entry) => entry.kind === field.machineKind && entry.key !== current).map((m) => m.key),
        '',
      ];
    default:
      return ['something else', ['tag']];
  }
}

/** The bases a field is varied from: the defaults, and everything switched on with machines chosen. */
function bases(template: Template): Record<string, unknown>[] {
  const defaults = {
    ...defaultInputs(template),
    title: 'Job',
    transport: [{ mode: 'road_freight_truck', distance_km: 250 }],
  };
  const allOn: Record<string, unknown> = { ...defaults, press: 'sm-102', finisher: 'polar' };
  for (const field of template.groups.flatMap((group) => (group.repeatable ? [] : group.fields)))
    if (field.type === 'boolean') allOn[field.name] = true;
  return [defaults, allOn];
}

describe('field effect: every field of every shipped template changes its result, or is informational', () => {
  it.each(PRINT_TEMPLATES)('%s', (id) => {
    const template = shippedTemplate(id);
    expect(template.version).toBe(3);
    for (const group of template.groups) {
      for (const field of group.fields) {
        const effects = new Set<string>();
        for (const base of bases(template)) {
          const before = computeResults(template, base, lookup2024, production).results;
          const read = (inputs: Record<string, unknown>) =>
            group.repeatable ? (inputs.transport as Record<string, unknown>[])[0][field.name] : inputs[field.name];
          const write = (value: unknown) =>
            group.repeatable
              ? { ...base, [group.id]: [{ ...(base[group.id] as Record<string, unknown>[])[0], [field.name]: value }] }
              : { ...base, [field.name]: value };
          for (const value of alternatives(field, read(base))) {
            if (JSON.stringify(value) === JSON.stringify(read(base))) continue;
            const varied = write(value as FieldValue);
            if (!valid(template, varied)) continue;
            const after = computeResults(template, varied, lookup2024, production).results;
            for (const name of Object.keys(before)) if (before[name] !== after[name]) effects.add(name);
            // Version 3 derives ups and paper from the press sheet, so one alternative may legitimately move nothing
            // (A5 and 135 × 215 mm take the same sheets); every valid alternative is tried.
          }
        }
        if (field.informational) {
          expect(effects.size, `${id}.${field.name} is informational but changes ${[...effects].join(', ')}`).toBe(0);
          continue;
        }
        const expected = EXPECTED_IN[`${id}.${field.name}`] ?? EXPECTED[field.name];
        expect(expected, `${id}.${field.name}: no expected effect recorded`).toBeDefined();
        expect(effects.has(expected), `${id}.${field.name} should change ${expected}`).toBe(true);
        expect(effects.has('total_co2e'), `${id}.${field.name} should change the total`).toBe(true);
      }
    }
  });
});

/** Stage results of a worked example, as written out in docs/template-authoring.md, section 10 (version 3). */
interface Worked {
  inputs: Record<string, unknown>;
  production?: boolean;
  ups_used: number;
  sheet_area_m2: number;
  run_sheets: number;
  makeready_sheets: number;
  press_sheets: number;
  plates: number;
  paper_kg: number;
  product_kg: number;
  shipped_kg: number;
  paper_co2e: number;
  paper_transport_co2e: number;
  materials_co2e: number;
  prepress_co2e: number;
  ink_co2e: number;
  press_energy_co2e: number;
  consumables_co2e: number;
  press_co2e: number;
  finishing_energy_co2e: number;
  finishing_materials_co2e: number;
  postpress_co2e: number;
  packaging_co2e: number;
  transport_co2e: number;
  overhead_co2e: number;
  total_co2e: number;
}
const TRUCK_250 = { transport: [{ mode: 'road_freight_truck', distance_km: 250 }] };

const WORKED: Record<string, Worked> = {
  // 5,000 × A5, 135 g/m², 5 % spoilage, 4/4, on B1 (ups derived: 18), no machine: reference factors.
  flyer: {
    inputs: { title: 'Sommerfest', quantity: 5000, format: 'A5', grammage: 135, spoilage_pct: 5, ...TRUCK_250 },
    ups_used: 18,
    sheet_area_m2: 0.7,
    run_sheets: 292,
    makeready_sheets: 100,
    press_sheets: 392,
    plates: 8,
    paper_kg: 37.044,
    product_kg: 20.979,
    shipped_kg: 22.23774,
    paper_co2e: 34.08048,
    paper_transport_co2e: 2.4893568,
    materials_co2e: 36.5698368,
    prepress_co2e: 35.15184,
    ink_co2e: 0.913752,
    press_energy_co2e: 2.0776,
    consumables_co2e: 0.1176,
    press_co2e: 3.108952,
    finishing_energy_co2e: 0.32412,
    finishing_materials_co2e: 0,
    postpress_co2e: 0.32412,
    packaging_co2e: 0.881118,
    transport_co2e: 0.62265672,
    overhead_co2e: 0,
    total_co2e: 76.65852352,
  },
  // The same flyer on the shop's own press (90 kW, 12,000 sheets/h, 20 min and 150 sheets make-ready) and guillotine
  // (15 kW, 20,000 sheets/h, 10 min), electricity 0.38 kg CO2e/kWh from the machine set.
  'flyer with machines': {
    inputs: {
      title: 'Sommerfest',
      quantity: 5000,
      format: 'A5',
      grammage: 135,
      spoilage_pct: 5,
      press: 'sm-102',
      finisher: 'polar',
      ...TRUCK_250,
    },
    production: true,
    ups_used: 18,
    sheet_area_m2: 0.7,
    run_sheets: 292,
    makeready_sheets: 150,
    press_sheets: 442,
    plates: 8,
    paper_kg: 41.769,
    product_kg: 20.979,
    shipped_kg: 22.23774,
    paper_co2e: 38.42748,
    paper_transport_co2e: 2.8068768,
    materials_co2e: 41.2343568,
    prepress_co2e: 35.15184,
    ink_co2e: 0.913752,
    press_energy_co2e: 12.2322,
    consumables_co2e: 0.1326,
    press_co2e: 13.278552,
    finishing_energy_co2e: 1.03322,
    finishing_materials_co2e: 0,
    postpress_co2e: 1.03322,
    packaging_co2e: 0.881118,
    transport_co2e: 0.62265672,
    overhead_co2e: 0,
    total_co2e: 92.20174352,
  },
  brochure: {
    inputs: { title: 'Image brochure', quantity: 5000, format: 'A4', pages: 16, grammage: 115, ...TRUCK_250 },
    ups_used: 9,
    sheet_area_m2: 0.7,
    run_sheets: 4889,
    makeready_sheets: 100,
    press_sheets: 4989,
    plates: 8,
    paper_kg: 401.6145,
    product_kg: 286.902,
    shipped_kg: 304.11612,
    paper_co2e: 369.48534,
    paper_transport_co2e: 26.9884944,
    materials_co2e: 396.4738344,
    prepress_co2e: 35.15184,
    ink_co2e: 15.367968,
    press_energy_co2e: 26.4417,
    consumables_co2e: 1.4967,
    press_co2e: 43.306368,
    finishing_energy_co2e: 5.42679,
    finishing_materials_co2e: 3.5,
    postpress_co2e: 8.92679,
    packaging_co2e: 12.049884,
    transport_co2e: 8.51525136,
    overhead_co2e: 0,
    total_co2e: 504.42396776,
  },
  book: {
    inputs: { title: 'Roman', quantity: 1000, format: '135x215', pages: 256, binding: 'softcover', ...TRUCK_250 },
    ups_used: 18,
    sheet_area_m2: 0.7,
    run_sheets: 7806,
    makeready_sheets: 900,
    press_sheets: 8706,
    plates: 18,
    paper_kg: 522.34,
    product_kg: 315.50175,
    shipped_kg: 334.431855,
    paper_co2e: 475.8068,
    paper_transport_co2e: 35.101248,
    materials_co2e: 510.908048,
    prepress_co2e: 79.09164,
    ink_co2e: 5.70954258,
    press_energy_co2e: 46.1418,
    consumables_co2e: 2.6118,
    press_co2e: 54.46314258,
    finishing_energy_co2e: 8.66466,
    finishing_materials_co2e: 18,
    postpress_co2e: 26.66466,
    packaging_co2e: 13.2510735,
    transport_co2e: 9.36409194,
    overhead_co2e: 0,
    total_co2e: 693.74265602,
  },
  'business-cards': {
    inputs: { title: 'M. Muster', designs: 1, quantity: 250, ...TRUCK_250 },
    ups_used: 21,
    sheet_area_m2: 0.144,
    run_sheets: 14,
    makeready_sheets: 100,
    press_sheets: 114,
    plates: 8,
    paper_kg: 5.7456,
    product_kg: 0.4090625,
    shipped_kg: 0.43360625,
    paper_co2e: 4.711392,
    paper_transport_co2e: 0.38610432,
    materials_co2e: 5.09749632,
    prepress_co2e: 7.38288,
    ink_co2e: 0.0071995,
    press_energy_co2e: 0.124292571429,
    consumables_co2e: 0.00703542857143,
    press_co2e: 0.1385275,
    finishing_energy_co2e: 0.01554,
    finishing_materials_co2e: 0,
    postpress_co2e: 0.01554,
    packaging_co2e: 0.017180625,
    transport_co2e: 0.012140975,
    overhead_co2e: 0,
    total_co2e: 12.66376542,
  },
  poster: {
    inputs: { title: 'Konzert', quantity: 100, format: 'A1', outdoor: false, ...TRUCK_250 },
    ups_used: 1,
    sheet_area_m2: 0.7,
    run_sheets: 105,
    makeready_sheets: 100,
    press_sheets: 205,
    plates: 4,
    paper_kg: 21.525,
    product_kg: 7.49331,
    shipped_kg: 7.9429086,
    paper_co2e: 19.803,
    paper_transport_co2e: 1.44648,
    materials_co2e: 21.24948,
    prepress_co2e: 17.57592,
    ink_co2e: 0.146868876,
    press_energy_co2e: 1.0865,
    consumables_co2e: 0.0615,
    press_co2e: 1.294868876,
    finishing_energy_co2e: 0.11655,
    finishing_materials_co2e: 0,
    postpress_co2e: 0.11655,
    packaging_co2e: 0.31471902,
    transport_co2e: 0.2224014408,
    overhead_co2e: 0,
    total_co2e: 40.7739393368,
  },
  'folding-box': {
    inputs: { title: 'Tee', quantity: 10000, blank_width_mm: 300, blank_height_mm: 400, ...TRUCK_250 },
    ups_used: 4,
    sheet_area_m2: 0.7,
    run_sheets: 2800,
    makeready_sheets: 100,
    press_sheets: 2900,
    plates: 4,
    paper_kg: 710.5,
    product_kg: 420,
    shipped_kg: 445.2,
    paper_co2e: 582.61,
    paper_transport_co2e: 47.7456,
    materials_co2e: 630.3556,
    prepress_co2e: 17.57592,
    ink_co2e: 3.7632,
    press_energy_co2e: 15.37,
    consumables_co2e: 0.87,
    press_co2e: 20.0032,
    finishing_energy_co2e: 3.108,
    finishing_materials_co2e: 14,
    postpress_co2e: 17.108,
    packaging_co2e: 17.64,
    transport_co2e: 12.4656,
    overhead_co2e: 0,
    total_co2e: 715.14832,
  },
};

describe('worked examples of the print model (guide section 10, flyer checked by hand)', () => {
  it.each(Object.keys(WORKED))('%s', (name) => {
    const { inputs, production: withMachines, ...expected } = WORKED[name];
    const template = shippedTemplate(name.split(' ')[0]);
    const full = pruneInputs(template, { ...defaultInputs(template), ...inputs });
    expect(validateInputs(template, full, 'en')).toEqual({});
    const { results, breakdown } = computeResults(template, full, lookup2024, withMachines ? production : undefined);
    for (const [key, value] of Object.entries(expected)) expect(results[key], `${name}: ${key}`).toBeCloseTo(value, 6);
    const stagesSum = ['materials', 'prepress', 'press', 'postpress', 'packaging', 'transport', 'overhead'].reduce(
      (total, stage) => total + results[`${stage}_co2e`],
      0,
    );
    expect(results.total_co2e).toBeCloseTo(stagesSum, 9);
    // Provenance names what was used: the shop's press figures, or the reference factor.
    const pressEnergy = breakdown.find((entry) => entry.name === 'press_energy_co2e');
    if (withMachines) {
      expect(pressEnergy?.production?.map((use) => use.ref).sort()).toEqual([
        'energy:electricity',
        'machine:sm-102:makeready_minutes',
        'machine:sm-102:power_kw',
        'machine:sm-102:speed_sheets_per_hour',
      ]);
      expect(pressEnergy?.factors ?? []).toEqual([]);
    } else {
      expect(pressEnergy?.factors?.map((factor) => factor.key)).toEqual(['press_energy_reference']);
    }
  });

  it('every print template states its method: all eight stages, end of life excluded with a reason', () => {
    for (const id of PRINT_TEMPLATES) {
      const method = shippedTemplate(id).method;
      expect(method?.stages.map((stage) => stage.stage)).toEqual([
        'materials',
        'prepress',
        'press',
        'postpress',
        'packaging',
        'transport',
        'overhead',
        'end_of_life',
      ]);
      const excluded = method?.stages.find((stage) => !stage.included);
      expect(excluded && !excluded.included && excluded.reason.de.length).toBeGreaterThan(20);
    }
  });
});
