/**
 * A calculation's `results` in the contract (src/core/api/calculations.ts) list every property, so the response
 * serializer (fast-json-stringify, which Fastify builds from a route's response schema) writes the properties the
 * schema lists and no others. Every form a row may be stored in (core/formula/stored-results.ts) must therefore read
 * back through it whole: nothing left out, nothing filled in or coerced, and required properties present (a missing
 * one is a 500). The key order of the answer is the schema's, whatever order the row kept (PostgreSQL's jsonb sorts
 * keys): nothing reads the answer's bytes (reports and verification pages are built from the parsed record, and a
 * publication keeps its finished text), but one order for every stored form is what a reader of the API expects.
 */
import Ajv from 'ajv';
import Fastify from 'fastify';
import type { TSchema } from 'typebox';
import { afterAll, describe, expect, it } from 'vitest';
import {
  CalculationListRecord,
  CalculationRecord,
  FactorUse,
  ResultBreakdown,
  type CalculationResults,
} from '../../../src/core/api';
import { computeResults, fromStoredResults, toStoredResults, type FactorDetails } from '../../../src/core/formula';
import { BROCHURE_V1, lookup2024, shippedTemplate } from '../support/templates';

const brochureV1 = shippedTemplate('brochure', 1);
const { database, inputs } = BROCHURE_V1;

const computed = computeResults(brochureV1, inputs, lookup2024);
const results: CalculationResults = {
  values: computed.results,
  primary: computed.primaryName,
  breakdown: computed.breakdown,
  factors: computed.factors,
  database,
};

/** The published database as factor-details.ts reads it: figures, texts, data quality, one declared factor. */
const published: FactorDetails = (key) => {
  const factor = lookup2024(key);
  if (!factor) return undefined;
  const declared = key === 'paper_virgin';
  return {
    ...factor,
    year: key === 'paper_recycled' ? null : 2023,
    region: key === 'paper_recycled' ? null : 'EU',
    data_type: declared ? 'primary' : 'secondary',
    technology: declared ? 'specific' : 'average',
    declaration_kind: declared ? 'epd' : null,
    biogenic_co2: declared ? 1.4 : null,
    delivery_included: declared ? true : null,
  };
};

/** The full form rows were stored in before compact storage: factors with key, value, unit, source and label only. */
const oldFactor = ({ key, value, unit, source, label }: CalculationResults['factors'][number]) => ({
  key,
  value,
  unit,
  source,
  ...(label && { label }),
});
const fullBeforeCompact = {
  values: results.values,
  primary: results.primary,
  breakdown: results.breakdown.map(({ name, label, unit, formula, value, factors, uses, primary }) => ({
    name,
    label,
    unit,
    formula,
    value,
    factors: factors.map(oldFactor),
    uses,
    primary,
  })),
  factors: results.factors.map(oldFactor),
  database,
};

/** Keys as PostgreSQL's jsonb keeps them: shorter keys first, then bytewise. */
function jsonbOrder(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(jsonbOrder);
  if (value === null || typeof value !== 'object') return value;
  const keys = Object.keys(value).sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(keys.map((key) => [key, jsonbOrder((value as Record<string, unknown>)[key])]));
}

/** Results that read machine figures, one of them market-based electricity: kept whole in the stored row. */
const electricity = {
  ref: 'energy:electricity',
  name: 'Stadtwerke',
  figure: 'electricity',
  value: 0.3,
  unit: 'kg CO2e/kWh',
  source: 'Contract 2026',
  year: 2026,
  region: 'DE',
  market: { go_share: 0.5, contract_factor: 0.1, residual_factor: 0.5, residual_source: 'AIB 2025' },
};
const press = {
  ref: 'machine:sm-102:power_kw',
  machine: 'sm-102',
  name: 'Speedmaster',
  figure: 'power_kw',
  value: 80,
  unit: 'kW',
  source: 'Meter 2025',
  year: null,
};
const withProduction: CalculationResults = {
  ...results,
  breakdown: results.breakdown.map((entry, index) => (index === 0 ? { ...entry, production: [press] } : entry)),
  production: [press, electricity],
  machine_set: { id: 7, name: 'Shop', version_label: '2026' },
};

/** Every form a record's results may have, as `fromStoredResults` answers it. */
const forms: [string, CalculationResults][] = [
  [
    'compact, factors as references',
    fromStoredResults(toStoredResults(results, { references: true }), brochureV1, published),
  ],
  ['compact, factors with copies', fromStoredResults(toStoredResults(results), brochureV1, published)],
  [
    'compact, copies with their texts (before issue 38)',
    fromStoredResults({ ...toStoredResults(results), factors: results.factors }, brochureV1, published),
  ],
  ['compact, template version gone', fromStoredResults(toStoredResults(results), undefined, published)],
  [
    'compact with machine figures',
    fromStoredResults(
      JSON.parse(JSON.stringify(toStoredResults(withProduction, { references: true }))),
      brochureV1,
      published,
    ),
  ],
  ['full form, before compact storage', fromStoredResults(fullBeforeCompact as CalculationResults, brochureV1)],
  [
    'full form, keys as jsonb keeps them',
    fromStoredResults(jsonbOrder(fullBeforeCompact) as CalculationResults, brochureV1),
  ],
  ['full form with machine figures', fromStoredResults(withProduction, brochureV1)],
  [
    'empty (an unreadable row)',
    { values: {}, primary: '', breakdown: [], factors: [], database: { id: 0, name: '', version_label: '' } },
  ],
];

const app = Fastify();
let answer: unknown;
for (const [path, schema] of [
  ['/record', CalculationRecord.properties.results],
  ['/list-row', CalculationListRecord.properties.results],
] as const)
  app.get(path, { schema: { response: { 200: schema } } }, async () => answer);
afterAll(() => app.close());

/** The answer's text, serialised as a route with the contract's schema serialises it. */
async function served(path: '/record' | '/list-row', value: unknown): Promise<string> {
  answer = value;
  const response = await app.inject(path);
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
}

const propertyOrder = (schema: TSchema, value: object) =>
  Object.keys((schema as unknown as { properties: object }).properties).filter((key) => key in value);

describe('the contract of a calculation\u2019s results', () => {
  const check = new Ajv({ strict: false }).compile(CalculationRecord.properties.results);

  it.each(forms)('%s: the contract admits it', (_name, form) => {
    expect(check(JSON.parse(JSON.stringify(form))), JSON.stringify(check.errors)).toBe(true);
  });

  it.each(forms)('%s: answered whole, in the order the contract lists', async (_name, form) => {
    const text = await served('/record', form);
    const read = JSON.parse(text) as CalculationResults;
    // The same content as the row's own JSON: nothing left out, nothing filled in.
    expect(read).toStrictEqual(JSON.parse(JSON.stringify(form)));
    expect(Object.keys(read)).toEqual(propertyOrder(CalculationRecord.properties.results, form));
    for (const entry of read.breakdown) {
      expect(Object.keys(entry)).toEqual(propertyOrder(ResultBreakdown, entry));
      for (const factor of entry.factors) expect(Object.keys(factor)).toEqual(propertyOrder(FactorUse, factor));
    }
    for (const factor of read.factors) expect(Object.keys(factor)).toEqual(propertyOrder(FactorUse, factor));
  });

  it('answers a row whose keys jsonb sorted in the order of the row as it was written', async () => {
    const sorted = jsonbOrder(fullBeforeCompact);
    expect(JSON.stringify(sorted)).not.toBe(JSON.stringify(fullBeforeCompact));
    const [written, fromJsonb] = [
      JSON.parse(await served('/record', fullBeforeCompact)),
      JSON.parse(await served('/record', sorted)),
    ];
    for (const read of [written, fromJsonb]) {
      expect(Object.keys(read)).toEqual(['values', 'primary', 'breakdown', 'factors', 'database']);
      expect(Object.keys(read.factors[0])).toEqual(['key', 'value', 'unit', 'source', 'label']);
      expect(Object.keys(read.breakdown[0])).toEqual([
        'name',
        'label',
        'unit',
        'formula',
        'value',
        'factors',
        'uses',
        'primary',
      ]);
    }
    expect(fromJsonb).toEqual(written);
  });

  it('a list row carries the values and the total, a whole record (getMany) all of its results', async () => {
    const row = { values: { total_co2e: 12.5 }, primary: 'total_co2e' };
    expect(JSON.parse(await served('/list-row', row))).toStrictEqual(row);
    for (const [, form] of forms)
      expect(JSON.parse(await served('/list-row', form))).toStrictEqual(JSON.parse(JSON.stringify(form)));
  });

  it('a result without a property the contract requires is refused, not answered in part', async () => {
    const { uses: _uses, ...withoutUses } = results.breakdown[0]!;
    answer = { ...results, breakdown: [withoutUses] };
    expect((await app.inject('/record')).statusCode).toBe(500);
    expect(check(JSON.parse(JSON.stringify(answer)))).toBe(false);
  });
});
