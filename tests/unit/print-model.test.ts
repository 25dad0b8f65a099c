/**
 * The print model of the shipped templates, version 2 (ISO 16759 stages, issue 21): every field of every shipped
 * template changes the result it should, or says it is informational (the field-effect test); and one worked example
 * per template whose every stage was computed by hand — the same arithmetic is written out in
 * docs/template-authoring.md, section 10 (factors from "Demo-Faktoren 2024").
 */
import { describe, expect, it } from 'vitest';
import type { MachineRecord, MachineSetRecord } from '../../src/core/api';
import { computeResults } from '../../src/core/formula';
import { toProductionData } from '../../src/core/production';
import { validateInputs } from '../../src/core/rules';
import { defaultInputs, pruneInputs, type Field, type FieldValue, type Template } from '../../src/core/template';
import { DEMO_FACTORS_2024 } from '../../src/server/db/demo-factors';
import { lookup2024, shippedTemplate } from './support/templates';

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
  electricity_go_share: null,
  electricity_residual_factor: null,
  electricity_residual_source: '',
  electricity_location_factor: null,
  electricity_location_source: '',
  site_kg_co2e: null,
  site_allocation_key: null,
  site_annual_amount: null,
  site_source: '',
  site_year: null,
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
  mode: 'transport_co2e',
  distance_km: 'transport_co2e',
};

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
    expect(template.version).toBe(2);
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
            break;
          }
        }
        if (field.informational) {
          expect(effects.size, `${id}.${field.name} is informational but changes ${[...effects].join(', ')}`).toBe(0);
          continue;
        }
        const expected = EXPECTED[field.name];
        expect(expected, `${id}.${field.name}: no expected effect recorded`).toBeDefined();
        expect(effects.has(expected), `${id}.${field.name} should change ${expected}`).toBe(true);
        expect(effects.has('total_co2e'), `${id}.${field.name} should change the total`).toBe(true);
      }
    }
  });
});

/** Stage results of a worked example, as computed by hand in docs/template-authoring.md, section 10. */
interface Worked {
  inputs: Record<string, unknown>;
  production?: boolean;
  run_sheets: number;
  plates: number;
  paper_kg: number;
  product_kg: number;
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
  total_co2e: number;
}
const TRUCK_250 = { transport: [{ mode: 'road_freight_truck', distance_km: 250 }] };

const WORKED: Record<string, Worked> = {
  // 5,000 × A5, 135 g/m², 5 % spoilage, 4/4, 16 ups, no machine: reference factors.
  flyer: {
    inputs: { title: 'Sommerfest', quantity: 5000, format: 'A5', grammage: 135, spoilage_pct: 5, ...TRUCK_250 },
    run_sheets: 329,
    plates: 8,
    paper_kg: 22.02795,
    product_kg: 20.979,
    materials_co2e: 20.265714,
    prepress_co2e: 35.2,
    ink_co2e: 1.827504,
    press_energy_co2e: 1.7437,
    consumables_co2e: 0.0987,
    press_co2e: 3.669904,
    finishing_energy_co2e: 0.36519,
    finishing_materials_co2e: 0,
    postpress_co2e: 0.36519,
    packaging_co2e: 1.006992,
    transport_co2e: 0.587412,
    total_co2e: 61.095212,
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
    run_sheets: 329,
    plates: 8,
    paper_kg: 32.09787,
    product_kg: 20.979,
    materials_co2e: 29.5300404,
    prepress_co2e: 35.2,
    ink_co2e: 1.827504,
    press_energy_co2e: 12.33765,
    consumables_co2e: 0.1437,
    press_co2e: 14.308854,
    finishing_energy_co2e: 1.043765,
    finishing_materials_co2e: 0,
    postpress_co2e: 1.043765,
    packaging_co2e: 1.006992,
    transport_co2e: 0.587412,
    total_co2e: 81.6770634,
  },
  brochure: {
    inputs: { title: 'Image brochure', quantity: 5000, format: 'A4', pages: 16, grammage: 115, ...TRUCK_250 },
    run_sheets: 5500,
    plates: 8,
    paper_kg: 315.5922,
    product_kg: 286.902,
    materials_co2e: 290.344824,
    prepress_co2e: 35.2,
    ink_co2e: 30.735936,
    press_energy_co2e: 29.15,
    consumables_co2e: 1.65,
    press_co2e: 61.535936,
    finishing_energy_co2e: 6.105,
    finishing_materials_co2e: 3.5,
    postpress_co2e: 9.605,
    packaging_co2e: 13.771296,
    transport_co2e: 8.033256,
    total_co2e: 418.490312,
  },
  book: {
    inputs: { title: 'Roman', quantity: 1000, format: '135x215', pages: 256, binding: 'softcover', ...TRUCK_250 },
    run_sheets: 8782,
    plates: 18,
    paper_kg: 340.74189,
    product_kg: 315.50175,
    materials_co2e: 311.5076778,
    prepress_co2e: 79.2,
    ink_co2e: 11.41908516,
    press_energy_co2e: 46.5446,
    consumables_co2e: 2.6346,
    press_co2e: 60.59828516,
    finishing_energy_co2e: 9.74802,
    finishing_materials_co2e: 18,
    postpress_co2e: 27.74802,
    packaging_co2e: 15.144084,
    transport_co2e: 8.834049,
    total_co2e: 503.03211596,
  },
  'business-cards': {
    inputs: { title: 'M. Muster', designs: 1, quantity: 250, ...TRUCK_250 },
    run_sheets: 7,
    plates: 8,
    paper_kg: 0.44996875,
    product_kg: 0.4090625,
    materials_co2e: 0.368974375,
    prepress_co2e: 35.2,
    ink_co2e: 0.014399,
    press_energy_co2e: 0.0371,
    consumables_co2e: 0.0021,
    press_co2e: 0.053599,
    finishing_energy_co2e: 0.00777,
    finishing_materials_co2e: 0,
    postpress_co2e: 0.00777,
    packaging_co2e: 0.019635,
    transport_co2e: 0.01145375,
    total_co2e: 35.661432125,
  },
  poster: {
    inputs: { title: 'Konzert', quantity: 100, format: 'A1', outdoor: false, ...TRUCK_250 },
    run_sheets: 105,
    plates: 4,
    paper_kg: 7.8679755,
    product_kg: 7.49331,
    materials_co2e: 7.23853746,
    prepress_co2e: 17.6,
    ink_co2e: 0.293737752,
    press_energy_co2e: 0.5565,
    consumables_co2e: 0.0315,
    press_co2e: 0.881737752,
    finishing_energy_co2e: 0.11655,
    finishing_materials_co2e: 0,
    postpress_co2e: 0.11655,
    packaging_co2e: 0.35967888,
    transport_co2e: 0.20981268,
    total_co2e: 26.406316772,
  },
  'folding-box': {
    inputs: { title: 'Tee', quantity: 10000, blank_width_mm: 300, blank_height_mm: 400, ...TRUCK_250 },
    run_sheets: 5600,
    plates: 4,
    paper_kg: 470.4,
    product_kg: 420,
    materials_co2e: 385.728,
    prepress_co2e: 17.6,
    ink_co2e: 7.5264,
    press_energy_co2e: 29.68,
    consumables_co2e: 1.68,
    press_co2e: 38.8864,
    finishing_energy_co2e: 6.216,
    finishing_materials_co2e: 14,
    postpress_co2e: 20.216,
    packaging_co2e: 14 + 6.16,
    transport_co2e: 11.76,
    total_co2e: 494.3504,
  },
};

describe('worked examples of the print model (checked by hand, guide section 10)', () => {
  it.each(Object.keys(WORKED))('%s', (name) => {
    const { inputs, production: withMachines, ...expected } = WORKED[name];
    const template = shippedTemplate(name.split(' ')[0]);
    const full = pruneInputs(template, { ...defaultInputs(template), ...inputs });
    expect(validateInputs(template, full, 'en')).toEqual({});
    const { results, breakdown } = computeResults(template, full, lookup2024, withMachines ? production : undefined);
    for (const [key, value] of Object.entries(expected)) expect(results[key], `${name}: ${key}`).toBeCloseTo(value, 6);
    const stagesSum = ['materials', 'prepress', 'press', 'postpress', 'packaging', 'transport'].reduce(
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

  it('every print template states its method: all seven stages, end of life excluded with a reason', () => {
    for (const id of PRINT_TEMPLATES) {
      const method = shippedTemplate(id).method;
      expect(method?.stages.map((stage) => stage.stage)).toEqual([
        'materials',
        'prepress',
        'press',
        'postpress',
        'packaging',
        'transport',
        'end_of_life',
      ]);
      const excluded = method?.stages.find((stage) => !stage.included);
      expect(excluded && !excluded.included && excluded.reason.de.length).toBeGreaterThan(20);
    }
  });
});
