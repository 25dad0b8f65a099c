import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../src/core/languages';
import { compileRules, parseRule, validateField } from '../../../src/core/rules';
import { LOCALE_FILES } from '../../../src/core/i18n/all-locales';
import type { Field, FieldType } from '../../../src/core/template';

const label = { de: 'Menge', en: 'Quantity', fr: 'Quantité', it: 'Quantità', es: 'Cantidad' };
const field = (type: FieldType, rules: string[], extra: Partial<Field> = {}): Field => ({
  name: 'f',
  type,
  label,
  rules,
  ...extra,
});
const en = (f: Field, value: unknown) => validateField(f, value, 'en');

describe('parseRule', () => {
  it('splits the name from its arguments; a pattern keeps commas and colons', () => {
    expect(parseRule('required')).toEqual({ name: 'required', args: [] });
    expect(parseRule('between:1, 5')).toEqual({ name: 'between', raw: '1, 5', args: ['1', '5'] });
    expect(parseRule('pattern:^a{1,3}:b$')).toEqual({ name: 'pattern', raw: '^a{1,3}:b$', args: ['^a{1,3}:b$'] });
  });
});

describe('named rules', () => {
  it.each<[string, Field, unknown, string | undefined]>([
    // required
    ['required: missing', field('number', ['required']), undefined, 'Quantity is required.'],
    ['required: null', field('number', ['required']), null, 'Quantity is required.'],
    ['required: empty text', field('text', ['required']), '', 'Quantity is required.'],
    ['required: empty list', field('tags', ['required']), [], 'Quantity is required.'],
    ['required: zero is a value', field('number', ['required']), 0, undefined],
    ['required: false is a value', field('boolean', ['required']), false, undefined],
    ['optional: empty is fine', field('number', ['min:5']), undefined, undefined],
    // min / max / between on numbers
    ['min ok', field('number', ['min:1']), 1, undefined],
    ['min bad', field('number', ['min:1']), 0.5, 'Quantity must be at least 1.'],
    ['max ok', field('integer', ['max:10']), 10, undefined],
    ['max bad', field('integer', ['max:10']), 11, 'Quantity must be at most 10.'],
    ['negative min', field('number', ['min:-5']), -6, 'Quantity must be at least -5.'],
    ['between ok', field('number', ['between:1,5']), 5, undefined],
    ['between low', field('number', ['between:1,5']), 0, 'Quantity must be between 1 and 5.'],
    ['between high', field('number', ['between:1,5']), 5.01, 'Quantity must be between 1 and 5.'],
    // min / max on text and lists
    ['max on text', field('text', ['max:3']), 'abcd', 'Quantity must be at most 3 characters long.'],
    ['min on text', field('text', ['min:2']), 'a', 'Quantity must be at least 2 characters long.'],
    ['max on tags', field('tags', ['max:1']), ['a', 'b'], 'Quantity allows at most 1 entry.'],
    // integer / decimals / multipleOf
    ['integer rule ok', field('number', ['integer']), 3, undefined],
    ['integer rule bad', field('number', ['integer']), 3.5, 'Quantity must be a whole number.'],
    ['integer type bad', field('integer', []), 3.5, 'Quantity must be a whole number.'],
    ['decimals ok', field('number', ['decimals:2']), 1.15, undefined],
    ['decimals ok (float noise)', field('number', ['decimals:1']), 0.3, undefined],
    ['decimals bad', field('number', ['decimals:2']), 1.155, 'Quantity may have at most 2 decimal places.'],
    ['decimals:0', field('number', ['decimals:0']), 2.5, 'Quantity may have at most 0 decimal places.'],
    ['multipleOf ok', field('number', ['multipleOf:0.25']), 1.75, undefined],
    ['multipleOf bad', field('number', ['multipleOf:4']), 6, 'Quantity must be a multiple of 4.'],
    // text rules
    ['minLength ok', field('text', ['minLength:2']), 'ab', undefined],
    ['minLength bad', field('textarea', ['minLength:2']), 'a', 'Quantity must be at least 2 characters long.'],
    ['maxLength counts code points', field('text', ['maxLength:2']), '😀😀', undefined],
    ['maxLength bad', field('text', ['maxLength:2']), 'abc', 'Quantity must be at most 2 characters long.'],
    ['pattern ok', field('text', ['pattern:^[A-Z]{2}-\\d+$']), 'AB-12', undefined],
    [
      'pattern bad falls back to "not valid"',
      field('text', ['pattern:^[A-Z]{2}-\\d+$']),
      'ab-12',
      'Quantity is not valid.',
    ],
    ['email ok', field('text', ['email']), 'anna@example.org', undefined],
    ['email bad', field('text', ['email']), 'anna@', 'Quantity must be a valid email address.'],
    // list rules
    ['minItems ok', field('multiselect', ['minItems:1'], { options: [{ value: 'a', label }] }), ['a'], undefined],
    ['minItems bad', field('tags', ['minItems:2']), ['a'], 'Quantity needs at least 2 entries.'],
    ['maxItems bad', field('tags', ['maxItems:1']), ['a', 'b'], 'Quantity allows at most 1 entry.'],
    // dates
    ['date rule on text ok', field('text', ['date']), '2024-02-29', undefined],
    ['date rule on text bad', field('text', ['date']), '2023-02-29', 'Quantity must be a valid date.'],
    ['date type bad', field('date', []), '2024-13-01', 'Quantity must be a valid date.'],
    ['after ok', field('date', ['after:2024-01-01']), '2024-01-02', undefined],
    ['after bad (same day)', field('date', ['after:2024-01-01']), '2024-01-01', 'Quantity must be after 2024-01-01.'],
    ['before ok', field('date', ['before:2024-01-01']), '2023-12-31', undefined],
    ['before bad', field('date', ['before:2024-01-01']), '2024-06-01', 'Quantity must be before 2024-01-01.'],
    // types
    ['number type', field('number', []), '12', 'Quantity must be a number.'],
    ['text type', field('text', []), 12, 'Quantity must be text.'],
    ['boolean type', field('boolean', []), 'yes', 'Quantity must be yes or no.'],
    [
      'select option',
      field('select', [], { options: [{ value: 'a', label }] }),
      'b',
      'Please choose one of the options offered for Quantity.',
    ],
    [
      'multiselect duplicates',
      field('multiselect', [], { options: [{ value: 'a', label }] }),
      ['a', 'a'],
      'Quantity must be a list without duplicate entries.',
    ],
    [
      'tags must be non-empty texts',
      field('tags', []),
      ['a', ''],
      'Quantity must be a list without duplicate entries.',
    ],
    ['factor key', field('factor', [], { category: 'paper' }), 7, 'Please choose a factor from the list for Quantity.'],
  ])('%s', (_name, f, value, expected) => {
    expect(en(f, value)).toBe(expected);
  });

  it('checks factor keys against the database in use when given', () => {
    const f = field('factor', ['required'], { category: 'paper' });
    expect(
      validateField(f, 'paper_virgin', 'en', undefined, { factorKeys: { paper: ['paper_virgin'] } }),
    ).toBeUndefined();
    expect(validateField(f, 'steel', 'en', undefined, { factorKeys: { paper: ['paper_virgin'] } })).toBe(
      'Please choose a factor from the list for Quantity.',
    );
  });

  it('words every message in all five languages, with the label and locale numbers', () => {
    // Five-digit numbers: every locale groups them (four-digit grouping in es/it varies between ICU versions).
    const f = field('number', ['between:10000,20000.5']);
    expect(LANGUAGES.map((lang) => validateField(f, 1, lang))).toEqual([
      'Menge muss zwischen 10.000 und 20.000,5 liegen.',
      'Quantity must be between 10,000 and 20,000.5.',
      'La valeur de Quantité doit être comprise entre 10\u202f000 et 20\u202f000,5.',
      'Il valore di Quantità deve essere compreso tra 10.000 e 20.000,5.',
      'Cantidad debe estar entre 10.000 y 20.000,5.',
    ]);
    const leaves = (tree: object, prefix = ''): [string, string][] =>
      Object.entries(tree).flatMap(([k, v]) =>
        typeof v === 'string' ? [[prefix + k, v] as [string, string]] : leaves(v as object, `${prefix}${k}.`),
      );
    for (const lang of LANGUAGES) {
      for (const [key, message] of leaves(LOCALE_FILES[lang].rules as object)) {
        if (key !== 'inputs_label') expect(message, `${key}.${lang}`).toMatch(/%\{field\}/);
      }
    }
  });

  it('falls back to "{field} is not valid." in every language for a rule without its own message', () => {
    const f = field('text', ['pattern:^x$']);
    expect(LANGUAGES.map((lang) => validateField(f, 'y', lang))).toEqual([
      'Menge ist ungültig.',
      'Quantity is not valid.',
      "Quantité n'est pas valide.",
      'Il campo Quantità non è valido.',
      'El campo Cantidad no es válido.',
    ]);
  });

  it('skips hidden fields and treats an emptied input as no value', () => {
    const f = field('text', ['required'], { visibleIf: 'flag' });
    expect(validateField(f, undefined, 'en', { flag: false })).toBeUndefined();
    expect(validateField(f, undefined, 'en', { flag: true })).toBe('Quantity is required.');
    expect(validateField(field('number', ['min:3']), '', 'en')).toBeUndefined();
  });
});

describe('bad rules are template errors', () => {
  it.each<[FieldType, string, string]>([
    ['number', 'requird', "unknown rule 'requird'"],
    ['number', 'constructor', "unknown rule 'constructor'"],
    ['number', 'required:1', "rule 'required' takes 0 arguments, got 'required:1'"],
    ['number', 'min', "rule 'min' takes 1 argument, got 'min'"],
    ['number', 'min:abc', "rule 'min:abc' needs a number, got 'abc'"],
    ['number', 'between:5', "rule 'between' takes 2 arguments, got 'between:5'"],
    ['number', 'between:5,1', "rule 'between:5,1' needs the smaller number first, got '5,1'"],
    ['text', 'between:1,5', "rule 'between:1,5' applies only to integer and number fields"],
    ['text', 'min:1.5', "rule 'min:1.5' needs a whole number ≥ 0 for a text field"],
    ['number', 'decimals:-1', "rule 'decimals:-1' needs a whole number from 0 to 9, got '-1'"],
    ['number', 'multipleOf:0', "rule 'multipleOf:0' needs a number > 0, got '0'"],
    ['number', 'minLength:2', "rule 'minLength:2' applies only to text fields"],
    ['text', 'minItems:2', "rule 'minItems:2' applies only to multiselect and tags fields"],
    ['number', 'email', "rule 'email' applies only to text fields"],
    ['text', 'pattern:[a-', "rule 'pattern:[a-' is not a valid regular expression"],
    ['date', 'after:2024-13-01', "rule 'after:2024-13-01' needs a date YYYY-MM-DD, got '2024-13-01'"],
    ['number', 'before:2024-01-01', "rule 'before:2024-01-01' applies only to date fields"],
    ['boolean', 'min:1', "rule 'min:1' does not apply to a yes/no field"],
  ])('%s field with %s', (type, rule, message) => {
    const { errors } = compileRules(field(type, ['required', rule]));
    expect(errors).toHaveLength(1);
    expect(errors[0].index).toBe(1);
    expect(errors[0].message.startsWith(message)).toBe(true);
  });
});
