/**
 * The field-type registry is the one list of types: the compiler checks that core/field-types and client/field-types
 * give every type of FIELD_TYPES; this checks what the compiler cannot see — the meta-schema's list of types (which
 * editors read through `$schema`), and which values of every kind each type's test accepts.
 */
import { describe, expect, it } from 'vitest';
import metaSchema from '../../../schemas/template.schema.json';
import { CORE_FIELD_TYPES, fieldTypeOf } from '../../../src/core/field-types';
import { FIELD_TYPES, type Field, type FieldType } from '../../../src/core/template';

describe('field types', () => {
  it('the registry and the meta-schema list exactly FIELD_TYPES', () => {
    expect(Object.keys(CORE_FIELD_TYPES).sort()).toEqual([...FIELD_TYPES].sort());
    const listed = (metaSchema.$defs.field.properties.type as { enum: string[] }).enum;
    expect([...listed].sort()).toEqual([...FIELD_TYPES].sort());
  });

  // The meta-schema asks each type for what its values are chosen from: `options`, a factor `category`, a `machineKind`.
  it("the meta-schema requires what each type's values are chosen from", () => {
    const required = new Map<string, string[]>();
    for (const { if: condition, then } of metaSchema.$defs.field.allOf) {
      const type = condition.properties.type as { const?: string; enum?: string[] };
      for (const name of type.enum ?? [type.const!]) required.set(name, then.required);
    }
    const asked = { options: ['options'], factors: ['category'], machines: ['machineKind'] } as const;
    for (const type of FIELD_TYPES) {
      const { choices } = fieldTypeOf(type);
      expect(required.get(type) ?? [], type).toEqual(choices ? asked[choices] : []);
    }
  });

  // What each type's own test accepts of values of every kind (the rule checks come on top, rules/catalog.ts): the
  // server's verdict and the form's message both come from it.
  const values: unknown[] = [
    'a',
    '',
    '2026-02-28',
    '2026-02-31',
    0,
    1.5,
    -3,
    true,
    false,
    [],
    ['a'],
    ['a', 'a'],
    [''],
    ['x', 'b'],
    { a: 1 },
  ];
  const texts = ['a', '', '2026-02-28', '2026-02-31'];
  const accepted: Record<FieldType, { anyKey: unknown[]; offeredKeys: unknown[] }> = {
    text: { anyKey: texts, offeredKeys: texts },
    textarea: { anyKey: texts, offeredKeys: texts },
    integer: { anyKey: [0, -3], offeredKeys: [0, -3] },
    number: { anyKey: [0, 1.5, -3], offeredKeys: [0, 1.5, -3] },
    select: { anyKey: ['a'], offeredKeys: ['a'] },
    multiselect: { anyKey: [[], ['a']], offeredKeys: [[], ['a']] },
    boolean: { anyKey: [true, false], offeredKeys: [true, false] },
    date: { anyKey: ['2026-02-28'], offeredKeys: ['2026-02-28'] },
    tags: { anyKey: [[], ['a'], ['x', 'b']], offeredKeys: [[], ['a'], ['x', 'b']] },
    // A factor or machine key: any non-empty text, or only one the database or machine set in use offers.
    factor: { anyKey: ['a', '2026-02-28', '2026-02-31'], offeredKeys: ['a'] },
    machine: { anyKey: ['a', '2026-02-28', '2026-02-31'], offeredKeys: ['a'] },
  };

  it.each([...FIELD_TYPES])('the %s type accepts exactly its values', (type) => {
    const options = { factorKeys: { paper: ['a', 'b'] }, machineKeys: { press: ['a'] } };
    const field: Field = {
      name: 'f',
      type,
      label: { de: 'F', en: 'F', fr: 'F', it: 'F', es: 'F' },
      options: [
        { value: 'a', label: { de: 'A', en: 'A', fr: 'A', it: 'A', es: 'A' } },
        { value: 'b', label: { de: 'B', en: 'B', fr: 'B', it: 'B', es: 'B' } },
      ],
      category: 'paper',
      machineKind: 'press',
    };
    const definition = fieldTypeOf(type);
    const passing = (withOptions: typeof options | object) =>
      values.filter((value) => definition.typeFault(field, value, withOptions) === undefined);
    expect(passing({})).toEqual(accepted[type].anyKey);
    expect(passing(options)).toEqual(accepted[type].offeredKeys);
  });
});
