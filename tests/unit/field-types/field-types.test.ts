/**
 * The files of src/core/field-types are the one list of types: `npm run schemas:meta` writes FIELD_TYPES and each
 * side's list of type files from them, and the compiler checks that core/field-types and client/field-types give every
 * type of FIELD_TYPES, and that every locale names it. This checks what the compiler cannot see — that the written
 * files are up to date, the meta-schema's field-type parts (the loader derives them from the registry; the committed
 * file carries them for editors), that no locale names a type that is gone, what every type's test accepts, and for
 * the types listed below exactly which values.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import de from '../../../locales/de.json';
import en from '../../../locales/en.json';
import es from '../../../locales/es.json';
import fr from '../../../locales/fr.json';
import italian from '../../../locales/it.json';
import {
  CORE_FIELD_TYPES_DIR,
  fieldTypeNames,
  FIELD_TYPE_NAMES_PATH,
  META_SCHEMA_PATH,
  regenerateFieldTypeFiles,
  regenerateMetaSchema,
} from '../../../scripts/meta-schema';
import { CORE_FIELD_TYPES, fieldTypeOf } from '../../../src/core/field-types';
import { LANGUAGES, type Language } from '../../../src/core/languages';
import { checkTemplateShape, FIELD_TYPES, type Field, type FieldType } from '../../../src/core/template';
import { withFieldTypes } from '../../../src/core/template/meta-schema';

/** A field of the type with everything any type chooses from: options a and b, factors of paper, presses. */
function probeField(type: FieldType): Field {
  return {
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
}

const committed = readFileSync(META_SCHEMA_PATH, 'utf8');
const metaSchema = JSON.parse(committed) as Parameters<typeof withFieldTypes>[0];

/**
 * The form editor names a type by `templateEditor.field_types.<type>`: held here to every type, so that the compiler
 * names a type's missing name in each locale (as `Property '<type>' is missing`).
 */
const catalogue = { de, en, fr, it: italian, es } satisfies Record<
  Language,
  { templateEditor: { field_types: Record<FieldType, string> } }
>;

describe('field types', () => {
  // A type's file added or removed without `npm run schemas:meta` shows here by its name.
  it('FIELD_TYPES names exactly the files of src/core/field-types (run `npm run schemas:meta`)', () => {
    expect(fieldTypeNames(readdirSync(CORE_FIELD_TYPES_DIR), FIELD_TYPES)).toEqual([...FIELD_TYPES]);
  });

  it('the files `npm run schemas:meta` writes from them are up to date', async () => {
    const files = readdirSync(CORE_FIELD_TYPES_DIR);
    for (const [path, text] of await regenerateFieldTypeFiles(files, readFileSync(FIELD_TYPE_NAMES_PATH, 'utf8')))
      expect(readFileSync(path, 'utf8'), path).toBe(text);
  });

  it('the registry lists exactly FIELD_TYPES', () => {
    expect(Object.keys(CORE_FIELD_TYPES).sort()).toEqual([...FIELD_TYPES].sort());
  });

  // A type added to the registry without `npm run schemas:meta` shows here by its name.
  it('the committed meta-schema lists exactly the types of the registry (run `npm run schemas:meta`)', async () => {
    const listed = (metaSchema.$defs.field.properties.type as { enum: string[] }).enum;
    expect([...listed].sort()).toEqual([...FIELD_TYPES].sort());
    expect(metaSchema).toEqual(withFieldTypes(metaSchema));
    expect(await regenerateMetaSchema(committed)).toBe(committed);
  });

  // The meta-schema asks each type for what its values are chosen from: `options`, a factor `category`, a `machineKind`.
  it("the meta-schema requires what each type's values are chosen from", () => {
    const required = new Map<string, string[]>();
    for (const condition of withFieldTypes(metaSchema).$defs.field.allOf as {
      if: { properties: { type: { const?: string; enum?: string[] } } };
      then: { required: string[] };
    }[]) {
      const type = condition.if.properties.type;
      for (const name of type.enum ?? [type.const!]) required.set(name, condition.then.required);
    }
    const asked = { options: ['options'], factors: ['category'], machines: ['machineKind'] } as const;
    for (const type of FIELD_TYPES) {
      const { choices } = fieldTypeOf(type);
      expect(required.get(type) ?? [], type).toEqual(choices ? asked[choices] : []);
    }
  });

  // The loader reads the derived meta-schema: a field of every registered type is accepted, a type with choices
  // without what it chooses from is refused, and so is a name the registry lacks.
  it('the loader accepts every registered type, with what it chooses from, and refuses an unknown one', () => {
    const sample = JSON.parse(readFileSync(new URL('../../fixtures/templates/sample.json', import.meta.url), 'utf8'));
    const property = { options: 'options', factors: 'category', machines: 'machineKind' } as const;
    const pointersWith = (field: object) => {
      const template = structuredClone(sample);
      template.groups[0].fields[0] = field;
      return checkTemplateShape(template, 'sample.json').errors.map((error) => error.pointer);
    };
    for (const type of FIELD_TYPES) {
      expect(pointersWith(probeField(type)), type).toEqual([]);
      const { choices } = fieldTypeOf(type);
      if (!choices) continue;
      const { [property[choices]]: _left, ...without } = probeField(type);
      expect(pointersWith(without), type).toEqual(['/groups/0/fields/0']);
    }
    expect(pointersWith({ ...probeField('text'), type: 'no_such_type' })).toEqual(['/groups/0/fields/0/type']);
  });

  // Every registered type has its name in every language (the compiler checks that too, `catalogue` above), and no
  // name is left of a type that is gone.
  it.each([...LANGUAGES])('the %s locale names exactly the registered types', (lang) => {
    expect(Object.keys(catalogue[lang].templateEditor.field_types).sort()).toEqual([...FIELD_TYPES].sort());
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
  // The types written out value by value; a type added later is held to the rules of every type below.
  const accepted = {
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
  } satisfies Partial<Record<FieldType, { anyKey: unknown[]; offeredKeys: unknown[] }>>;

  const options = { factorKeys: { paper: ['a', 'b'] }, machineKeys: { press: ['a'] } };
  const passing = (type: FieldType, withOptions: typeof options | object) =>
    values.filter((value) => fieldTypeOf(type).typeFault(probeField(type), value, withOptions) === undefined);

  it.each(Object.entries(accepted))('the %s type accepts exactly its values', (type, { anyKey, offeredKeys }) => {
    expect(passing(type as FieldType, {})).toEqual(anyKey);
    expect(passing(type as FieldType, options)).toEqual(offeredKeys);
  });

  // What holds for every type: a value its test accepts is of its kind and one formulas take, and a type with choices
  // accepts no key it was not offered (options a and b, factors a and b, machine a).
  const kindOf = (value: unknown) => (Array.isArray(value) ? 'array' : typeof value);
  const offered = { options: ['a', 'b'], factors: ['a', 'b'], machines: ['a'] } as const;
  it.each([...FIELD_TYPES])('a value the %s type accepts is of its kind, read by formulas, offered', (type) => {
    const { kind, formula, choices } = fieldTypeOf(type);
    for (const value of passing(type, {})) {
      expect(kindOf(value), JSON.stringify(value)).toBe(kind);
      expect(formula.accepts(value), JSON.stringify(value)).toBe(true);
    }
    if (!choices) return;
    for (const value of passing(type, options))
      for (const key of Array.isArray(value) ? value : [value]) expect(offered[choices]).toContain(key);
  });
});
