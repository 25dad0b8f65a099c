import { describe, expect, it } from 'vitest';
import { isFieldVisible } from '../../../src/core/rules';
import {
  compileCondition,
  defaultInputs,
  defaultItem,
  evaluateCondition,
  pruneInputs,
} from '../../../src/core/template';
import { sampleTemplate, shippedTemplate } from '../support/templates';

describe('form values → inputs', () => {
  const sample = sampleTemplate();

  it('defaultInputs gives every default and the minimum number of group items', () => {
    expect(defaultInputs(sample)).toEqual({
      quantity: 100,
      weight_kg: 1.5,
      material: 'steel',
      express: false,
      energy: 'electricity_de_grid',
      legs: [],
    });
    expect(defaultItem(shippedTemplate('brochure'), 'transport')).toEqual({
      mode: 'road_freight_truck',
      distance_km: 100,
    });
  });

  it('pruneInputs drops hidden fields, unknown keys and emptied inputs', () => {
    expect(
      pruneInputs(sample, {
        title: 'x',
        notes: '',
        quantity: 5,
        express: false,
        express_note: 'stale',
        bulk_discount: 5,
        code: null,
        surprise: 1,
        legs: [{ mode: 'truck', km: 50, note: 'stale', extra: 1 }, 'junk'],
      }),
    ).toEqual({ title: 'x', quantity: 5, express: false, legs: [{ mode: 'truck', km: 50 }] });
    expect(
      pruneInputs(sample, { express: true, express_note: 'fast', quantity: 1000, material: 'steel', bulk_discount: 5 }),
    ).toEqual({
      express: true,
      express_note: 'fast',
      quantity: 1000,
      material: 'steel',
      bulk_discount: 5,
    });
  });

  it('isFieldVisible evaluates visibleIf on the values of the field’s own level', () => {
    const fields = sample.groups[0].fields;
    const bulk = fields.find((field) => field.name === 'bulk_discount');
    const note = sample.groups[1].fields.find((field) => field.name === 'note');
    expect(bulk && isFieldVisible(bulk, { quantity: 1000, material: 'steel' })).toBe(true);
    expect(bulk && isFieldVisible(bulk, { quantity: 999, material: 'steel' })).toBe(false);
    expect(note && isFieldVisible(note, { km: 101 })).toBe(true);
    expect(note && isFieldVisible(note, {})).toBe(false);
    expect(isFieldVisible(fields[0], {})).toBe(true);
  });

  it('compiles conditions, with comparisons written either way round', () => {
    const condition = compileCondition("!(5 > n) || kind != 'a'");
    expect(condition).toEqual({
      kind: 'or',
      items: [
        { kind: 'not', item: { kind: 'compare', field: 'n', op: '<', value: 5 } },
        { kind: 'not', item: { kind: 'compare', field: 'kind', op: '==', value: 'a' } },
      ],
    });
    expect(evaluateCondition(condition, { n: 5, kind: 'a' })).toBe(true);
    expect(evaluateCondition(condition, { n: 4, kind: 'a' })).toBe(false);
    expect(evaluateCondition(condition, { n: 4 })).toBe(true);
    expect(evaluateCondition(compileCondition('n >= -2'), { n: -2 })).toBe(true);
    expect(evaluateCondition(compileCondition('n >= -2'), { n: -2.5 })).toBe(false);
    expect(evaluateCondition(compileCondition('n >= -2'), { n: '-1' })).toBe(false);
  });
});
