/**
 * The one validator of calculation inputs (core/rules/validate.ts): the server's verdict (createInputsValidator, as
 * calculations, imports and migrations use it), the whole form's words (validateInputs) and each field's form
 * validator (validateField) must say the same of every input, and name the same fields. A table of hand-picked cases
 * with the words users see, then a seeded random walk over the value space.
 */
import { describe, expect, it } from 'vitest';
import { createInputsValidator, validateField, validateInputs } from '../../../src/core/rules';
import { isFieldVisible } from '../../../src/core/rules';
import { wordFaults } from '../../../src/core/i18n/fault';
import type { Template } from '../../../src/core/template';
import { sampleTemplate, shippedTemplate } from '../support/templates';

const sample = sampleTemplate();
const serverValidate = createInputsValidator(sample);
const base = { title: 'Box', quantity: 100, weight_kg: 1.5, material: 'steel', energy: 'electricity_de_grid' };

/**
 * What each field's form validator says beside the whole verdict. A form never sends an emptied input ('' is pruned)
 * nor a hidden one, and names no unknown field, so only the fields it shows with a value are compared.
 */
function fieldMessages(
  template: Template,
  inputs: unknown,
  options: Parameters<typeof validateInputs>[3],
): Record<string, string | undefined> {
  const messages: Record<string, string | undefined> = {};
  if (typeof inputs !== 'object' || inputs === null || Array.isArray(inputs)) return messages;
  const values = inputs as Record<string, unknown>;
  const level = (
    fields: Template['groups'][number]['fields'],
    levelValues: Record<string, unknown>,
    prefix: string,
  ) => {
    for (const field of fields) {
      if (!Object.prototype.hasOwnProperty.call(levelValues, field.name)) continue;
      const value = levelValues[field.name];
      if (value === '' || !isFieldVisible(field, levelValues)) continue;
      messages[`${prefix}${field.name}`] = validateField(field, value, 'en', levelValues, options);
    }
  };
  for (const group of template.groups) {
    if (!group.repeatable) level(group.fields, values, '');
    else if (Array.isArray(values[group.id]))
      (values[group.id] as unknown[]).forEach((item, index) => {
        if (typeof item === 'object' && item !== null && !Array.isArray(item))
          level(group.fields, item as Record<string, unknown>, `${group.id}.${index}.`);
      });
  }
  return messages;
}

function agree(
  template: Template,
  validate: ReturnType<typeof createInputsValidator>,
  inputs: unknown,
  options?: Parameters<typeof validateInputs>[3],
) {
  const server = validate(inputs);
  const serverErrors = wordFaults(server.faults, 'en');
  const client = validateInputs(template, inputs, 'en', options);
  expect(server.valid, JSON.stringify(inputs)).toBe(Object.keys(client).length === 0);
  expect(serverErrors, JSON.stringify(inputs)).toEqual(client);
  // Each shown field's own validator: the message the whole verdict gives it, or none.
  const fields = fieldMessages(template, inputs, options);
  const verdictOfFields = Object.fromEntries(Object.keys(fields).map((path) => [path, client[path]]));
  expect(fields, JSON.stringify(inputs)).toEqual(verdictOfFields);
  return client;
}

const cases: [string, unknown, Record<string, string>][] = [
  ['minimal valid', base, {}],
  [
    'all optional fields valid',
    {
      ...base,
      notes: 'n',
      features: ['a', 'b'],
      express: true,
      express_note: 'fast',
      delivery_date: '2024-05-05',
      tags: ['x', 'y'],
      contact_email: 'a@b.de',
      code: 'ABC-12',
      step: 1.5,
      legs: [],
    },
    {},
  ],
  ['optional nulls', { ...base, notes: null, features: null, delivery_date: null, step: null, tags: null }, {}],
  ['title missing', { ...base, title: undefined }, { title: 'Title is required.' }],
  ['title null', { ...base, title: null }, { title: 'Title is required.' }],
  ['title empty', { ...base, title: '' }, { title: 'Title is required.' }],
  ['title too long', { ...base, title: 'x'.repeat(81) }, { title: 'Title must be at most 80 characters long.' }],
  ['quantity 0', { ...base, quantity: 0 }, { quantity: 'Quantity must be at least 1.' }],
  ['quantity fraction', { ...base, quantity: 1.5 }, { quantity: 'Quantity must be a whole number.' }],
  ['quantity as text', { ...base, quantity: '5' }, { quantity: 'Quantity must be a number.' }],
  ['quantity too large', { ...base, quantity: 100001 }, { quantity: 'Quantity must be at most 100,000.' }],
  ['weight decimals', { ...base, weight_kg: 1.234 }, { weight_kg: 'Weight may have at most 2 decimal places.' }],
  ['weight negative', { ...base, weight_kg: -1 }, { weight_kg: 'Weight must be between 0 and 1,000.' }],
  [
    'material unknown',
    { ...base, material: 'gold' },
    { material: 'Please choose one of the options offered for Material.' },
  ],
  ['features too many', { ...base, features: ['a', 'b', 'c'] }, { features: 'Features allows at most 2 entries.' }],
  [
    'features duplicate',
    { ...base, features: ['a', 'a'] },
    { features: 'Features must be a list without duplicate entries.' },
  ],
  [
    'features unknown option',
    { ...base, features: ['x'] },
    { features: 'Please choose one of the options offered for Features.' },
  ],
  [
    'features not a list',
    { ...base, features: 'a' },
    { features: 'Features must be a list without duplicate entries.' },
  ],
  ['express without note', { ...base, express: true }, { express_note: 'Express note is required.' }],
  [
    'express note too short',
    { ...base, express: true, express_note: 'ab' },
    { express_note: 'Express note must be at least 3 characters long.' },
  ],
  [
    'hidden note sent',
    { ...base, express: false, express_note: 'fast' },
    { express_note: 'Express note is not shown here and must not be sent.' },
  ],
  [
    'hidden note sent (flag absent)',
    { ...base, express_note: 'fast' },
    { express_note: 'Express note is not shown here and must not be sent.' },
  ],
  [
    'hidden note sent as null',
    { ...base, express_note: null },
    { express_note: 'Express note is not shown here and must not be sent.' },
  ],
  [
    'date too early',
    { ...base, delivery_date: '2019-12-31' },
    { delivery_date: 'Delivery date must be after 2020-01-01.' },
  ],
  ['date invalid', { ...base, delivery_date: '2024-02-30' }, { delivery_date: 'Delivery date must be a valid date.' }],
  ['date not a date', { ...base, delivery_date: 'soon' }, { delivery_date: 'Delivery date must be a valid date.' }],
  ['too many tags', { ...base, tags: ['a', 'b', 'c', 'd', 'e', 'f'] }, { tags: 'Tags allows at most 5 entries.' }],
  ['empty tag', { ...base, tags: [''] }, { tags: 'Tags must be a list without duplicate entries.' }],
  ['tag not text', { ...base, tags: [1] }, { tags: 'Tags must be a list without duplicate entries.' }],
  ['factor empty', { ...base, energy: '' }, { energy: 'Please choose a factor from the list for Energy.' }],
  ['factor not text', { ...base, energy: 5 }, { energy: 'Please choose a factor from the list for Energy.' }],
  ['email bad', { ...base, contact_email: 'x' }, { contact_email: 'Contact email must be a valid email address.' }],
  ['pattern bad', { ...base, code: 'abc' }, { code: 'Code is not valid.' }],
  ['multipleOf bad', { ...base, step: 1.2 }, { step: 'Step must be a multiple of 0.5.' }],
  ['conditional field visible', { ...base, quantity: 1000, bulk_discount: 10 }, {}],
  [
    'conditional field out of range',
    { ...base, quantity: 1000, bulk_discount: 60 },
    { bulk_discount: 'Bulk discount must be between 0 and 50.' },
  ],
  [
    'conditional field hidden by quantity',
    { ...base, quantity: 999, bulk_discount: 10 },
    { bulk_discount: 'Bulk discount is not shown here and must not be sent.' },
  ],
  [
    'conditional field hidden by material',
    { ...base, quantity: 1000, material: 'wood', bulk_discount: 10 },
    { bulk_discount: 'Bulk discount is not shown here and must not be sent.' },
  ],
  [
    'conditional on a wrongly typed field',
    { ...base, quantity: '1000', bulk_discount: 10 },
    { quantity: 'Quantity must be a number.', bulk_discount: 'Bulk discount is not shown here and must not be sent.' },
  ],
  ['unknown field', { ...base, foo: 1 }, { foo: "Unknown field 'foo'." }],
  [
    'unknown field named like a prototype key',
    { ...base, ['__proto__']: 1, constructor: 1 },
    { ['__proto__']: "Unknown field '__proto__'.", constructor: "Unknown field 'constructor'." },
  ],
  [
    'legs ok',
    {
      ...base,
      legs: [
        { mode: 'truck', km: 10 },
        { mode: 'rail', km: 200, note: 'long' },
      ],
    },
    {},
  ],
  [
    'too many legs',
    { ...base, legs: Array.from({ length: 4 }, () => ({ mode: 'truck', km: 1 })) },
    { legs: 'Legs allows at most 3 entries.' },
  ],
  ['leg without km', { ...base, legs: [{ mode: 'truck' }] }, { 'legs.0.km': 'Distance is required.' }],
  [
    'leg with unknown key',
    { ...base, legs: [{ mode: 'truck', km: 1, speed: 3 }] },
    { 'legs.0.speed': "Unknown field 'speed'." },
  ],
  [
    'leg note hidden',
    {
      ...base,
      legs: [
        { mode: 'truck', km: 1 },
        { mode: 'truck', km: 50, note: 'x' },
      ],
    },
    { 'legs.1.note': 'Leg note is not shown here and must not be sent.' },
  ],
  ['legs not a list', { ...base, legs: 'x' }, { legs: 'Legs must be a list of entries.' }],
  ['legs null', { ...base, legs: null }, { legs: 'Legs must be a list of entries.' }],
  ['leg not an object', { ...base, legs: [1] }, { 'legs.0': 'Legs must be a list of entries.' }],
  ['inputs null', null, { '': 'Inputs is not valid.' }],
  ['inputs a list', [base], { '': 'Inputs is not valid.' }],
];

describe('the server verdict, the form and each field say the same', () => {
  it.each(cases)('%s', (_name, inputs, expected) => {
    // JSON round trip: what the server receives (undefined keys vanish, __proto__ becomes an own key).
    const wire = inputs === undefined ? inputs : JSON.parse(JSON.stringify(inputs));
    expect(agree(sample, serverValidate, wire)).toEqual(expected);
  });

  it('restricts factor fields to the database in use when given its keys', () => {
    const options = { factorKeys: { electricity: ['electricity_de_grid'], transport: ['truck'] } };
    const validate = createInputsValidator(sample, options);
    const verdict = validate({ ...base, legs: [{ mode: 'ship', km: 1 }] });
    expect(verdict.valid).toBe(false);
    expect(wordFaults(verdict.faults, 'de')).toEqual({
      'legs.0.mode': 'Bitte wählen Sie für Mode (de) einen Faktor aus der Liste.',
    });
    expect(validateInputs(sample, { ...base, legs: [{ mode: 'ship', km: 1 }] }, 'de', options)).toEqual({
      'legs.0.mode': 'Bitte wählen Sie für Mode (de) einen Faktor aus der Liste.',
    });
  });

  it('answers in the user language', () => {
    expect(wordFaults(serverValidate({ ...base, quantity: 0 }).faults, 'fr')).toEqual({
      quantity: 'Quantity (fr) doit être au moins égal à 1.',
    });
  });

  // A seeded random walk: start from a valid baseline, then replace 0–3 values (and sometimes whole
  // items) with values from a pool of valid, invalid and wrongly typed ones.
  const brochureBase = {
    title: 'B',
    quantity: 5000,
    format: 'A4',
    pages: 16,
    paper: 'paper_virgin',
    grammage: 115,
    spoilage_pct: 10,
    has_cover: true,
    cover_paper: 'board_virgin',
    cover_grammage: 250,
  };
  const baselines: Record<string, Record<string, unknown>> = {
    sample: { ...base, legs: [{ mode: 'truck', km: 120, note: 'long' }] },
    // Version 2: the print model's colours, ups, optional machines and cartons.
    brochure: {
      ...brochureBase,
      colours_front: 4,
      colours_back: 4,
      ups: 8,
      press: 'sm-102',
      cartons: true,
      transport: [{ mode: 'road_freight_truck', distance_km: 100 }],
    },
    'brochure@1': {
      ...brochureBase,
      energy_kwh_per_1000: 2.5,
      electricity: 'electricity_de_grid',
      transport: [{ mode: 'road_freight_truck', distance_km: 100 }],
    },
    'company-footprint': {
      title: 'C',
      reporting_year: 2025,
      electricity_kwh: 1000,
      electricity: 'electricity_de_grid',
      natural_gas_kwh: 0,
      diesel_l: 0,
      petrol_l: 0,
      travel: [{ travel_mode: 'travel_train', distance_km: 500, travellers: 2 }],
    },
  };
  it.each(Object.keys(baselines))('agree on 1500 random inputs for %s', (id) => {
    const [templateId, version] = id.split('@');
    const template = id === 'sample' ? sample : shippedTemplate(templateId!, version ? Number(version) : undefined);
    // The machine set in use restricts machine fields to its keys, as the server does.
    const options = template.groups.some((group) => group.fields.some((field) => field.type === 'machine'))
      ? { machineKeys: { press: ['sm-102'], finishing: ['folder'] } }
      : undefined;
    const validate = id === 'sample' ? serverValidate : createInputsValidator(template, options);
    let seed = 20260521;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)];
    const pool: unknown[] = [
      undefined,
      null,
      '',
      'x',
      'ABC-1',
      'a@b.de',
      '2024-05-05',
      '2019-01-01',
      0,
      1,
      -1,
      1.5,
      1.23,
      3,
      16,
      1000,
      1e6,
      true,
      false,
      [],
      ['a'],
      ['a', 'b'],
      ['a', 'a'],
      [1],
      {},
    ];
    const topFields = template.groups.filter((group) => !group.repeatable).flatMap((group) => group.fields);
    const repeatable = template.groups.find((group) => group.repeatable);
    const valuesFor = (field: (typeof topFields)[number]): unknown[] => [
      ...pool,
      field.default,
      ...(field.options ?? []).map((option) => option.value),
      (field.options ?? []).map((option) => option.value),
      ...(field.type === 'factor' ? ['paper_virgin', 'truck', 'electricity_de_grid'] : []),
      ...(field.type === 'machine' ? ['sm-102', 'folder', 'gone'] : []),
    ];
    let valid = 0;
    for (let round = 0; round < 1500; round++) {
      const inputs: Record<string, unknown> = structuredClone(baselines[id]);
      const changes = Math.floor(random() * 4);
      for (let change = 0; change < changes; change++) {
        const where = random();
        if (where < 0.6) {
          const field = pick(topFields);
          inputs[field.name] = pick(valuesFor(field));
        } else if (where < 0.85 && repeatable) {
          const items = Array.isArray(inputs[repeatable.id])
            ? (inputs[repeatable.id] as Record<string, unknown>[])
            : [];
          const item = { ...(items[0] ?? {}) };
          const field = pick(repeatable.fields);
          item[field.name] = pick(valuesFor(field));
          inputs[repeatable.id] = random() < 0.5 ? [...items, item] : [item];
        } else if (where < 0.92 && repeatable) {
          inputs[repeatable.id] = pick<unknown>([[], null, 'x', [1], Array.from({ length: 5 }, () => ({}))]);
        } else {
          inputs[pick(['surprise', 'constructor', 'toString'])] = 1;
        }
      }
      for (const key of Object.keys(inputs)) if (inputs[key] === undefined) delete inputs[key];
      const client = agree(template, validate, inputs, options);
      if (Object.keys(client).length === 0) valid++;
    }
    // The walk must exercise both verdicts, or it proves nothing.
    expect(valid).toBeGreaterThan(100);
    expect(valid).toBeLessThan(1400);
  });
});
