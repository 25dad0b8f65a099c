import { describe, expect, it } from 'vitest';
import {
  ageClass,
  breakdownContributions,
  declarationInWords,
  factorQuality,
  figureUncertainty,
  geographyOf,
  productionQuality,
  propagateUncertainty,
  type FigureQuality,
} from '../../../src/core/data-quality';
import type { ResultBreakdown } from '../../../src/core/formula/compute';

const secondary = (over: Partial<FigureQuality> = {}): FigureQuality => ({
  dataType: 'secondary',
  year: 2024,
  region: 'DE',
  technology: 'average',
  ...over,
});

describe('pedigree table', () => {
  it('grades age, geography and technology by the documented classes', () => {
    expect(ageClass(2024, 2026)).toBe(0);
    expect(ageClass(2021, 2026)).toBe(5);
    expect(ageClass(2017, 2026)).toBe(10);
    expect(ageClass(2010, 2026)).toBe(20);
    expect(ageClass(null, 2026)).toBe(20);
    expect(geographyOf({ dataType: 'secondary', region: 'DE' })).toBe('country');
    expect(geographyOf({ dataType: 'secondary', region: 'EU' })).toBe('region');
    expect(geographyOf({ dataType: 'secondary', region: 'global' })).toBe('unknown');
    expect(geographyOf({ dataType: 'secondary', region: null })).toBe('unknown');
    expect(geographyOf({ dataType: 'primary', region: null })).toBe('site');
  });

  it('combines the indicators as the root sum of squares', () => {
    // basis 10, age 0, country 0, average 10 → √200
    expect(figureUncertainty(secondary(), 2026)).toBeCloseTo(Math.sqrt(200) / 100, 10);
    // basis 10, age 5 (5 years), region 5, proxy 30 → √(100 + 25 + 25 + 900)
    expect(figureUncertainty(secondary({ year: 2021, region: 'EU', technology: 'proxy' }), 2026)).toBeCloseTo(
      Math.sqrt(1050) / 100,
      10,
    );
    // a machine the mandant measured this year: basis 5 only
    expect(figureUncertainty(productionQuality({ year: 2026, region: null }), 2026)).toBeCloseTo(0.05, 10);
  });

  it('reads factors without attributes as secondary data of average technology', () => {
    expect(factorQuality({ year: 2023, region: 'EU' })).toEqual({
      dataType: 'secondary',
      year: 2023,
      region: 'EU',
      technology: 'average',
    });
    expect(factorQuality({ data_type: 'primary', technology: 'specific', year: null }).dataType).toBe('primary');
    expect(factorQuality({ data_type: 'bogus', technology: 'bogus' }).technology).toBe('average');
  });
});

describe('propagateUncertainty', () => {
  it('is the root sum of squares of each figure times the emissions resting on it', () => {
    const paper = { id: 'paper', quality: secondary() }; // ±14.14 %
    const grid = { id: 'grid', quality: secondary({ region: 'EU', technology: 'proxy' }) }; // √(100+25+900)
    const press = { id: 'press', quality: productionQuality({ year: 2026, region: null }) }; // ±5 %
    const result = propagateUncertainty(
      100,
      [
        { value: 60, figures: [paper] },
        { value: 40, figures: [press, grid] },
      ],
      2026,
    );
    const expected = Math.sqrt((0.6 * Math.sqrt(200)) ** 2 + (0.4 * 5) ** 2 + (0.4 * Math.sqrt(1025)) ** 2) / 100;
    expect(result.relative).toBeCloseTo(expected, 10);
    expect(result.low).toBeCloseTo(100 * (1 - expected), 8);
    expect(result.high).toBeCloseTo(100 * (1 + expected), 8);
    // the press result also rests on the (secondary) grid factor: not primary
    expect(result.primaryShare).toBe(0);
    expect(result.unattributedShare).toBe(0);
  });

  it('counts a figure read by several results once with all it carries (correlated, not independent)', () => {
    const grid = { id: 'grid', quality: secondary() };
    const twice = propagateUncertainty(
      100,
      [
        { value: 50, figures: [grid] },
        { value: 50, figures: [grid] },
      ],
      2026,
    );
    expect(twice.relative).toBeCloseTo(Math.sqrt(200) / 100, 10);
    const independent = propagateUncertainty(
      100,
      [
        { value: 50, figures: [grid] },
        { value: 50, figures: [{ id: 'other', quality: secondary() }] },
      ],
      2026,
    );
    expect(independent.relative).toBeLessThan(twice.relative);
  });

  it('gives the share of primary data and grades what no figure explains as the worst class', () => {
    const measured = { id: 'm', quality: productionQuality({ year: 2026, region: null }) };
    const result = propagateUncertainty(100, [{ value: 25, figures: [measured] }], 2026);
    expect(result.primaryShare).toBeCloseTo(0.25, 10);
    expect(result.unattributedShare).toBeCloseTo(0.75, 10);
    // 75 kg at √(100 + 400 + 100 + 900) %, 25 kg at 5 %
    expect(result.relative).toBeCloseTo(Math.sqrt((0.75 * Math.sqrt(1500)) ** 2 + (0.25 * 5) ** 2) / 100, 10);
    expect(propagateUncertainty(0, [], 2026)).toMatchObject({ relative: 0, primaryShare: 0, low: 0, high: 0 });
  });
});

describe('breakdownContributions', () => {
  const entry = (over: Partial<ResultBreakdown>): ResultBreakdown => ({
    name: 'x',
    label: { de: 'x', en: 'x', fr: 'x', it: 'x', es: 'x' },
    unit: 'kg CO2e',
    formula: '',
    value: 1,
    factors: [],
    uses: [],
    primary: false,
    ...over,
  });

  it('takes the results that read figures themselves and leaves out subtotals, the total and other units', () => {
    const paper = { key: 'paper', value: 1, unit: 'kg', source: '', year: 2024, region: 'EU' };
    const contributions = breakdownContributions(
      [
        entry({ name: 'paper_kg', unit: 'kg', value: 10, factors: [paper] }),
        entry({ name: 'materials', value: 10, factors: [paper] }),
        entry({
          name: 'press_energy',
          value: 5,
          production: [
            {
              ref: 'machine:p:power_kw',
              machine: 'p',
              name: 'Press',
              figure: 'power_kw',
              value: 1,
              unit: 'kW',
              source: '',
              year: 2026,
            },
          ],
        }),
        entry({ name: 'press', value: 5, uses: ['press_energy'] }),
        entry({ name: 'total', value: 15, primary: true, uses: ['materials', 'press'] }),
      ],
      { database: 7, machineSet: 3 },
    );
    expect(contributions).toEqual([
      { value: 10, figures: [{ id: 'factor:7:paper', quality: factorQuality(paper) }] },
      {
        value: 5,
        figures: [
          { id: 'production:3:machine:p:power_kw', quality: productionQuality({ year: 2026, region: undefined }) },
        ],
      },
    ]);
    const result = propagateUncertainty(15, contributions, 2026);
    expect(result.primaryShare).toBeCloseTo(1 / 3, 10);
    expect(result.unattributedShare).toBe(0);
  });
});

describe("a paper from its mill's declaration (issue 33, item 1)", () => {
  const say = (key: string, params?: Record<string, string | number>) =>
    params ? `${key}(${Object.values(params).join('|')})` : key;
  const declared = {
    key: 'paper_mill',
    value: 0.61,
    unit: 'kg',
    source: 'EPD mill X',
    year: 2025,
    region: 'FI',
    data_type: 'secondary',
    technology: 'average',
    declaration_kind: 'epd',
    biogenic_co2: 1.4,
    delivery_included: true,
  };

  it('is the mill’s primary data for this very paper, whatever the factor’s other attributes say', () => {
    expect(factorQuality(declared)).toEqual({ dataType: 'primary', year: 2025, region: 'FI', technology: 'specific' });
    expect(factorQuality({ ...declared, declaration_kind: null })).toMatchObject({
      dataType: 'secondary',
      technology: 'average',
    });
    // Its result counts as primary data.
    const breakdown = [
      { key: 'paper', value: 10, unit: 'kg CO2e', primary: false, factors: [declared] },
    ] as unknown as ResultBreakdown[];
    expect(propagateUncertainty(10, breakdownContributions(breakdown, { database: 1 }), 2026).primaryShare).toBe(1);
  });

  it('states its biogenic CO2 apart and whether delivery is included; nothing for an undeclared factor', () => {
    expect(declarationInWords(declared, 'en', say)).toBe(
      [
        'dataQuality.declaration.kind(dataQuality.declaration.kinds.epd)',
        'dataQuality.declaration.biogenic(1.4|kg)',
        'dataQuality.declaration.deliveryIncluded',
      ].join(' · '),
    );
    expect(declarationInWords({ ...declared, biogenic_co2: null, delivery_included: false }, 'en', say)).toBe(
      [
        'dataQuality.declaration.kind(dataQuality.declaration.kinds.epd)',
        'dataQuality.declaration.biogenicUnknown',
        'dataQuality.declaration.deliveryExcluded',
      ].join(' · '),
    );
    expect(declarationInWords({ ...declared, delivery_included: null }, 'en', say)).toContain('deliveryUnknown');
    expect(declarationInWords({ ...declared, declaration_kind: null }, 'en', say)).toBeNull();
  });
});
