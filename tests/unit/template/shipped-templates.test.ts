/**
 * The shipped templates: all load without errors against both demo factor databases, and each
 * has a worked example whose figures were calculated by hand (the arithmetic is in the comments;
 * factors from "Demo-Faktoren 2024" unless noted).
 */
import { describe, expect, it } from 'vitest';
import { computeResults } from '../../../src/core/formula';
import { validateInputs } from '../../../src/core/rules';
import { loadTemplates, type Template } from '../../../src/core/template';
import { DEMO_FACTORS_2024, DEMO_FACTORS_2025 } from '../../../src/server/seed/factor-databases';
import { catalogOf, lookup2024, lookup2025, shippedTemplate, shippedTemplateFiles } from '../support/templates';

describe('shipped templates', () => {
  it.each([DEMO_FACTORS_2024, DEMO_FACTORS_2025])('all load with zero errors against $name', (database) => {
    const { templates, errors } = loadTemplates(shippedTemplateFiles(), catalogOf(database));
    expect(errors).toEqual([]);
    expect(templates.some((template) => '$schema' in template)).toBe(false);
    // Versions 1 and 2 of each print template stay shipped beside version 3, so calculations made with it keep resolving.
    expect(templates.map((template) => [template.id, template.version, template.type])).toEqual([
      ['book', 1, 'product'],
      ['book', 2, 'product'],
      ['book', 3, 'product'],
      ['brochure', 1, 'product'],
      ['brochure', 2, 'product'],
      ['brochure', 3, 'product'],
      ['business-cards', 1, 'product'],
      ['business-cards', 2, 'product'],
      ['business-cards', 3, 'product'],
      ['company-footprint', 1, 'company'],
      ['company-footprint', 2, 'company'],
      ['flyer', 1, 'product'],
      ['flyer', 2, 'product'],
      ['flyer', 3, 'product'],
      ['folding-box', 1, 'product'],
      ['folding-box', 2, 'product'],
      ['folding-box', 3, 'product'],
      ['poster', 1, 'product'],
      ['poster', 2, 'product'],
      ['poster', 3, 'product'],
    ]);
  });

  it('each product template has the agreed building blocks and German import aliases', () => {
    for (const id of ['flyer', 'brochure', 'business-cards', 'poster', 'book', 'folding-box']) {
      const template = shippedTemplate(id);
      const fields = template.groups.flatMap((group) => group.fields);
      const byName = (name: string) => fields.find((field) => field.name === name);
      expect(byName('quantity')?.type, id).toBe('integer');
      expect(byName('paper'), id).toMatchObject({ type: 'factor', category: 'paper' });
      expect(byName('grammage')?.unit, id).toBe('g/m²');
      expect(byName('spoilage_pct')?.unit, id).toBe('%');
      expect(byName('press'), id).toMatchObject({ type: 'machine', machineKind: 'press' });
      expect(byName('press')?.rules ?? [], id).not.toContain('required');
      expect(byName('title')?.informational, id).toBe(true);
      const transport = template.groups.find((group) => group.id === 'transport');
      expect(transport?.repeatable, id).toBe(true);
      expect(
        transport?.fields.find((field) => field.name === 'mode'),
        id,
      ).toMatchObject({ type: 'factor', category: 'transport' });
      expect(template.import?.aliases.Auflage, id).toBe('quantity');
      expect(template.import?.aliases.Grammatur, id).toBe('grammage');
      expect(
        template.results.filter((result) => result.primary).map((result) => result.unit),
        id,
      ).toEqual(['kg CO2e']);
    }
    expect(shippedTemplate('brochure', 1).import?.aliases.Seiten).toBe('pages');
    expect(shippedTemplate('book', 1).import?.aliases.Seiten).toBe('pages');
  });

  it('uses only factor keys that both demo databases have', () => {
    for (const database of [DEMO_FACTORS_2024, DEMO_FACTORS_2025]) {
      const keys = new Set(database.factors.map((factor) => factor.key));
      for (const file of shippedTemplateFiles()) {
        for (const [, key] of file.text.matchAll(/factor\('([a-z0-9_]+)'\)/g))
          expect(keys.has(key), `${file.fileName}: ${key}`).toBe(true);
      }
    }
  });
});

function check(template: Template, inputs: Record<string, unknown>) {
  expect(validateInputs(template, inputs, 'en')).toEqual({});
  return computeResults(template, inputs, lookup2024);
}

describe('worked examples (checked by hand)', () => {
  const brochureInputs = {
    title: 'Image brochure',
    quantity: 5000,
    format: 'A4',
    pages: 16,
    paper: 'paper_virgin',
    grammage: 115,
    spoilage_pct: 10,
    has_cover: false,
    energy_kwh_per_1000: 2.5,
    electricity: 'electricity_de_grid',
    transport: [{ mode: 'road_freight_truck', distance_km: 250 }],
  };

  it('brochure: A4, 16 pages, 5,000 copies, 115 g/m², 10 % spoilage → 315.6 kg of paper', () => {
    const { results, primary, breakdown } = check(shippedTemplate('brochure', 1), brochureInputs);
    // paper: 5000 × 16/2 × 0.06237 m² × 0.115 kg/m² × 1.10 = 40000 × 0.06237 = 2494.8 m² → 286.902 kg → 315.5922 kg
    expect(results.content_paper_kg).toBeCloseTo(315.5922, 9);
    expect(results.paper_kg.toFixed(1)).toBe('315.6');
    expect(results.cover_paper_kg).toBe(0);
    // sheets: 5000 × 8 × 1.10 = 44,000; printing: 44 × 2.5 kWh × 0.445 = 48.95
    expect(results.sheets).toBeCloseTo(44000, 9);
    expect(results.printing_co2e).toBeCloseTo(48.95, 9);
    // paper: 315.5922 × 0.92 = 290.344824; transport: 0.3155922 t × 250 km × 0.112 = 8.8365816
    expect(results.paper_co2e).toBeCloseTo(290.344824, 9);
    expect(results.transport_co2e).toBeCloseTo(8.8365816, 9);
    // total: 290.344824 + 48.95 + 8.8365816 = 348.1314056
    expect(primary).toBeCloseTo(348.1314056, 9);
    expect(results.co2e_per_piece).toBeCloseTo(348.1314056 / 5000, 12);
    const paperEntry = breakdown.find((entry) => entry.name === 'paper_co2e');
    expect(paperEntry?.factors).toEqual([
      expect.objectContaining({
        key: 'paper_virgin',
        value: 0.92,
        unit: 'kg',
        source: expect.stringContaining('DESNZ'),
      }),
    ]);
  });

  it('brochure with a cover', () => {
    const { results, primary } = check(shippedTemplate('brochure', 1), {
      ...brochureInputs,
      has_cover: true,
      cover_paper: 'board_virgin',
      cover_grammage: 250,
    });
    // cover: 5000 × 2 × 0.06237 × 0.25 × 1.10 = 623.7 m² → 155.925 kg → 171.5175 kg; × 0.82 = 140.64435
    expect(results.cover_paper_kg).toBeCloseTo(171.5175, 9);
    // sheets: 5000 × (8 + 2) × 1.1 = 55,000 → 55 × 2.5 × 0.445 = 61.1875
    expect(results.printing_co2e).toBeCloseTo(61.1875, 9);
    // transport: (315.5922 + 171.5175) / 1000 × 250 × 0.112 = 0.4871097 × 28 = 13.6390716
    expect(results.transport_co2e).toBeCloseTo(13.6390716, 9);
    // total: 290.344824 + 140.64435 + 61.1875 + 13.6390716 = 505.8157456
    expect(primary).toBeCloseTo(505.8157456, 9);
  });

  it('brochure: hidden cover fields are ignored by the calculation', () => {
    const template = shippedTemplate('brochure', 1);
    const withStale = computeResults(
      template,
      { ...brochureInputs, has_cover: false, cover_paper: 'board_virgin', cover_grammage: 400 },
      lookup2024,
    );
    expect(withStale.primary).toBeCloseTo(348.1314056, 9);
  });

  it('brochure: the 2025 demo factors give a different total', () => {
    // paper 315.5922 × 0.90 = 284.03298; printing 44 × 2.5 × 0.427 = 46.97; transport unchanged 8.8365816 → 339.8395616
    const { primary } = computeResults(shippedTemplate('brochure', 1), brochureInputs, lookup2025);
    expect(primary).toBeCloseTo(339.8395616, 9);
  });

  it('flyer: A5, 10,000 copies, 135 g/m² recycled, 5 % spoilage, truck 100 km + rail 400 km', () => {
    const { results, primary } = check(shippedTemplate('flyer', 1), {
      title: 'Flyer',
      quantity: 10000,
      format: 'A5',
      paper: 'paper_recycled',
      grammage: 135,
      spoilage_pct: 5,
      energy_kwh_per_1000: 2.5,
      electricity: 'electricity_de_grid',
      transport: [
        { mode: 'road_freight_truck', distance_km: 100 },
        { mode: 'rail_freight', distance_km: 400 },
      ],
    });
    // paper: 10000 × 0.03108 m² × 0.135 kg/m² × 1.05 = 310.8 m² → 41.958 kg → 44.0559 kg; × 0.74 = 32.601366
    expect(results.paper_kg).toBeCloseTo(44.0559, 9);
    expect(results.paper_co2e).toBeCloseTo(32.601366, 9);
    // printing: 10,500 sheets → 10.5 × 2.5 × 0.445 = 11.68125
    expect(results.printing_co2e).toBeCloseTo(11.68125, 9);
    // transport: 0.0440559 t × (100 × 0.112 + 400 × 0.018) = 0.0440559 × 18.4 = 0.81062856
    expect(results.transport_co2e).toBeCloseTo(0.81062856, 9);
    // total: 32.601366 + 11.68125 + 0.81062856 = 45.09324456
    expect(primary).toBeCloseTo(45.09324456, 9);
  });

  it('business cards: 4 designs × 250, 85 × 55 mm, 350 g/m², 10 % spoilage, no transport', () => {
    const { results, primary } = check(shippedTemplate('business-cards', 1), {
      title: 'Cards',
      designs: 4,
      quantity: 250,
      format: '85x55',
      paper: 'board_virgin',
      grammage: 350,
      spoilage_pct: 10,
      energy_kwh_per_1000: 0.4,
      electricity: 'electricity_de_grid',
    });
    // cards: 1000; board: 1000 × 0.004675 m² × 0.35 kg/m² × 1.1 = 1.799875 kg; × 0.82 = 1.4758975
    expect(results.cards).toBe(1000);
    expect(results.paper_kg).toBeCloseTo(1.799875, 9);
    expect(results.paper_co2e).toBeCloseTo(1.4758975, 9);
    // printing: 1,100 cards → 1.1 × 0.4 × 0.445 = 0.1958
    expect(results.printing_co2e).toBeCloseTo(0.1958, 9);
    expect(results.transport_co2e).toBe(0);
    // total: 1.4758975 + 0.1958 = 1.6716975; per card 0.0016716975
    expect(primary).toBeCloseTo(1.6716975, 9);
    expect(results.co2e_per_piece).toBeCloseTo(0.0016716975, 12);
  });

  it('poster: A1, 200 copies, 150 g/m², 5 % spoilage, 20 kWh/1000, truck 300 km', () => {
    const { results, primary } = check(shippedTemplate('poster', 1), {
      title: 'Poster',
      quantity: 200,
      format: 'A1',
      outdoor: false,
      paper: 'paper_virgin',
      grammage: 150,
      spoilage_pct: 5,
      energy_kwh_per_1000: 20,
      electricity: 'electricity_de_grid',
      transport: [{ mode: 'road_freight_truck', distance_km: 300 }],
    });
    // paper: 200 × 0.499554 × 0.15 × 1.05 = 99.9108 m² → 14.98662 kg → 15.735951 kg; × 0.92 = 14.47707492
    expect(results.paper_kg).toBeCloseTo(15.735951, 9);
    expect(results.paper_co2e).toBeCloseTo(14.47707492, 9);
    // printing: 210 sheets → 0.21 × 20 × 0.445 = 1.869
    expect(results.printing_co2e).toBeCloseTo(1.869, 9);
    // transport: 0.015735951 × 300 × 0.112 = 0.5287279536
    expect(results.transport_co2e).toBeCloseTo(0.5287279536, 9);
    // total: 14.47707492 + 1.869 + 0.5287279536 = 16.8748028736
    expect(primary).toBeCloseTo(16.8748028736, 9);
  });

  it('book: 1,000 hardcovers, 135 × 215 mm, 256 pages of 80 g/m² recycled, 8 % spoilage, rail 500 km', () => {
    const { results, primary } = check(shippedTemplate('book', 1), {
      title: 'Novel',
      quantity: 1000,
      format: '135x215',
      pages: 256,
      binding: 'hardcover',
      paper: 'paper_recycled',
      grammage: 80,
      spoilage_pct: 8,
      cover_paper: 'board_virgin',
      cover_grammage: 300,
      energy_kwh_per_1000: 2,
      electricity: 'electricity_de_grid',
      transport: [{ mode: 'rail_freight', distance_km: 500 }],
    });
    // book block: 1000 × 128 × 0.029025 × 0.08 × 1.08 = 3715.2 m² → 297.216 kg → 320.99328 kg
    expect(results.content_paper_kg).toBeCloseTo(320.99328, 9);
    // cover: 1000 × 2.6 × 0.029025 × 0.3 × 1.08 = 75.465 m² → 22.6395 kg → 24.45066 kg
    expect(results.cover_paper_kg).toBeCloseTo(24.45066, 9);
    // greyboard: 1000 × 2.1 × 0.029025 × 1.3 × 1.08 = 60.9525 m² → 79.23825 kg → 85.57731 kg
    expect(results.board_kg).toBeCloseTo(85.57731, 9);
    // paper: 320.99328 × 0.74 + 24.45066 × 0.82 + 85.57731 × 0.70 = 237.5350272 + 20.0495412 + 59.904117 = 317.4886854
    expect(results.paper_co2e).toBeCloseTo(317.4886854, 9);
    // printing: 138,240 sheets → 138.24 × 2 × 0.445 = 123.0336
    expect(results.printing_co2e).toBeCloseTo(123.0336, 9);
    // transport: 0.43102125 t × 500 × 0.018 = 3.87919125
    expect(results.transport_co2e).toBeCloseTo(3.87919125, 9);
    // total: 317.4886854 + 123.0336 + 3.87919125 = 444.40147665
    expect(primary).toBeCloseTo(444.40147665, 9);
  });

  it('book: a softcover has no greyboard', () => {
    const { results } = computeResults(
      shippedTemplate('book', 1),
      {
        title: 'Novel',
        quantity: 1000,
        format: '135x215',
        pages: 256,
        binding: 'softcover',
        paper: 'paper_recycled',
        grammage: 80,
        spoilage_pct: 8,
        cover_paper: 'board_virgin',
        cover_grammage: 300,
        energy_kwh_per_1000: 2,
        electricity: 'electricity_de_grid',
      },
      lookup2024,
    );
    // cover: 1000 × 2.1 × 0.029025 m² = 60.9525 m² × 0.3 kg/m² = 18.28575 kg × 1.08 = 19.74861 kg
    expect(results.board_kg).toBe(0);
    expect(results.cover_paper_kg).toBeCloseTo(19.74861, 9);
  });

  it('folding box: 10,000 blanks of 300 × 400 mm, 350 g/m² board, 12 % spoilage, truck 150 km', () => {
    const { results, primary } = check(shippedTemplate('folding-box', 1), {
      title: 'Box',
      quantity: 10000,
      blank_width_mm: 300,
      blank_height_mm: 400,
      finish: ['varnish'],
      paper: 'board_virgin',
      grammage: 350,
      spoilage_pct: 12,
      energy_kwh_per_1000: 8,
      electricity: 'electricity_de_grid',
      transport: [{ mode: 'road_freight_truck', distance_km: 150 }],
    });
    // blank: 0.3 × 0.4 = 0.12 m²; board: 10000 × 0.12 × 0.35 × 1.12 = 470.4 kg; × 0.82 = 385.728
    expect(results.blank_area_m2).toBeCloseTo(0.12, 12);
    expect(results.paper_kg).toBeCloseTo(470.4, 9);
    expect(results.paper_co2e).toBeCloseTo(385.728, 9);
    // printing: 11,200 blanks → 11.2 × 8 × 0.445 = 39.872; transport: 0.4704 × 150 × 0.112 = 7.90272
    expect(results.printing_co2e).toBeCloseTo(39.872, 9);
    expect(results.transport_co2e).toBeCloseTo(7.90272, 9);
    // total: 385.728 + 39.872 + 7.90272 = 433.50272
    expect(primary).toBeCloseTo(433.50272, 9);
  });

  const companyInputs = {
    title: 'Druckerei 2025',
    reporting_year: 2025,
    electricity_kwh: 120000,
    electricity: 'electricity_de_grid',
    natural_gas_kwh: 80000,
    diesel_l: 3000,
    petrol_l: 500,
    travel: [
      { travel_mode: 'travel_train', distance_km: 600, travellers: 2 },
      { travel_mode: 'travel_flight_domestic', distance_km: 450, travellers: 1 },
    ],
  };

  it('company footprint: electricity, gas, fuels and business travel', () => {
    const { results, primary } = check(shippedTemplate('company-footprint'), companyInputs);
    // electricity: 120,000 × 0.445 = 53,400; gas: 80,000 × 0.181 = 14,480
    expect(results.electricity_co2e).toBeCloseTo(53400, 6);
    expect(results.heating_co2e).toBeCloseTo(14480, 6);
    // fuels (combustion; the upstream factors are their own lines): 3,000 × 2.657 + 500 × 2.37 = 7,971 + 1,185 = 9,156
    expect(results.fuel_co2e).toBeCloseTo(9156, 6);
    // travel: 600 × 2 × 0.046 + 450 × 1 × 0.25 = 55.2 + 112.5 = 167.7
    expect(results.travel_co2e).toBeCloseTo(167.7, 9);
    // upstream (well-to-tank, its own line, issue 33 item 4): 3,000 × 0.627 + 500 × 0.61 + 80,000 × 0.031
    // = 1,881 + 305 + 2,480 = 4,666
    expect(results.upstream_co2e).toBeCloseTo(4666, 6);
    // total: 53,400 + 14,480 + 9,156 + 4,666 + 167.7 = 81,869.7 kg = 81.8697 t
    expect(primary).toBeCloseTo(81869.7, 6);
    expect(results.total_t).toBeCloseTo(81.8697, 9);
  });

  it('company footprint with the 2025 demo factors', () => {
    // 120,000 × 0.427 + 80,000 × 0.181 + 3,000 × 2.657 + 500 × 2.37 + upstream 4,666 + 600 × 2 × 0.044 + 450 × 0.246
    // = 51,240 + 14,480 + 7,971 + 1,185 + 4,666 + 52.8 + 110.7 = 79,705.5
    expect(computeResults(shippedTemplate('company-footprint'), companyInputs, lookup2025).primary).toBeCloseTo(
      79705.5,
      6,
    );
  });
});
