/**
 * The field-type registry is the one list of types: the compiler checks that core/field-types and client/field-types
 * give every type of FIELD_TYPES; this checks what the compiler cannot see — the meta-schema's list of types (which
 * editors read through `$schema`), and that each type's JSON Schema and its test agree on a value of every type.
 */
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import metaSchema from '../../schemas/template.schema.json';
import { CORE_FIELD_TYPES, fieldTypeOf } from '../../src/core/field-types';
import { FIELD_TYPES, type Field } from '../../src/core/template';

describe('field types', () => {
  it('the registry and the meta-schema list exactly FIELD_TYPES', () => {
    expect(Object.keys(CORE_FIELD_TYPES).sort()).toEqual([...FIELD_TYPES].sort());
    const listed = (metaSchema.$defs.field.properties.type as { enum: string[] }).enum;
    expect([...listed].sort()).toEqual([...FIELD_TYPES].sort());
  });

  it("each type's schema and its test agree on values of every kind", () => {
    const ajv = new Ajv2020({ allErrors: true, strictTypes: false });
    addFormats(ajv);
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
    const options = { factorKeys: { paper: ['a', 'b'] }, machineKeys: { press: ['a'] } };
    for (const type of FIELD_TYPES) {
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
      for (const withOptions of [{}, options]) {
        const definition = fieldTypeOf(type);
        const validate = ajv.compile(definition.schema(field, false, withOptions));
        for (const value of values)
          expect(validate(value), `${type} ${JSON.stringify(value)}`).toBe(
            definition.typeFault(field, value, withOptions) === undefined,
          );
      }
    }
  });
});
