import { describe, expect, it } from 'vitest';
import {
  checkTemplate,
  checkerText,
  formatTemplateLoadError,
  loadTemplates,
  type Template,
  type TemplateLoadError,
} from '../../../src/core/template';
import { compileTemplate } from '../../../src/core/template/compile';
import { DEMO_FACTORS_2024 } from '../../../src/server/seed/factor-databases';
import { catalogOf, fixtureJson, fixtureText } from '../support/templates';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The sample fixture, changed by `edit`, checked as `fileName`. */
function errorsOf(edit: (template: Json) => void, fileName = 'sample.json'): string[] {
  const template = fixtureJson('sample.json') as Json;
  edit(template);
  return checkTemplate(template, fileName, catalogOf(DEMO_FACTORS_2024)).errors.map(formatTemplateLoadError);
}

describe('template loader', () => {
  it('loads the sample fixture without errors', () => {
    const { templates, errors } = loadTemplates([{ fileName: 'sample.json', text: fixtureText('sample.json') }]);
    expect(errors).toEqual([]);
    expect(templates.map((template) => template.id)).toEqual(['sample']);
    expect(Object.isFrozen(templates[0].groups[0].fields[0])).toBe(true);
  });

  it('reports an unknown rule with its pointer', () => {
    expect(errorsOf((t) => (t.groups[0].fields[2].rules = ['required', 'positive']))).toEqual([
      "sample.json: /groups/0/fields/2/rules/1: unknown rule 'positive'",
    ]);
  });

  it('reports bad rule arguments', () => {
    expect(errorsOf((t) => (t.groups[0].fields[2].rules = ['between:9,1']))).toEqual([
      "sample.json: /groups/0/fields/2/rules/0: rule 'between:9,1' needs the smaller number first, got '9,1'",
    ]);
  });

  it('reports an icon outside the icon catalogue instead of showing a generic icon (issue #20)', () => {
    const [message] = errorsOf((t) => (t.icon = 'LocalOffer'));
    expect(message).toMatch(
      /^sample\.json: \/icon: unknown icon 'LocalOffer': use one of the icon catalogue \(Article, .*MenuBook.*\)$/,
    );
    expect(errorsOf((t) => (t.icon = 'MenuBook'))).toEqual([]);
  });

  describe('numbers of option data a formula reads (factor-like) need a source', () => {
    const material = (t: Json) => t.groups[0].fields[4];

    it('refuses such a number without one, at the option, worded by key', () => {
      const template = fixtureJson('sample.json') as Json;
      delete material(template).options[1].dataSources;
      const { errors } = checkTemplate(template, 'sample.json', catalogOf(DEMO_FACTORS_2024));
      expect(errors).toEqual([
        {
          fileName: 'sample.json',
          pointer: '/groups/0/fields/4/options/1/data/factor_multiplier',
          message:
            "option 'wood' of 'material': the number 'factor_multiplier' enters a formula and needs its source in dataSources.factor_multiplier",
          key: 'checker.optionDataUnsourced',
          params: { option: 'wood', field: 'material', key: 'factor_multiplier' },
        },
      ]);
    });

    it('refuses a blank source too', () => {
      expect(errorsOf((t) => (material(t).options[0].dataSources.factor_multiplier = '  '))).toEqual([
        "sample.json: /groups/0/fields/4/options/0/data/factor_multiplier: option 'steel' of 'material': the number 'factor_multiplier' enters a formula and needs its source in dataSources.factor_multiplier",
      ]);
    });

    it('asks nothing of yes/no data or of numbers no formula reads', () => {
      expect(
        errorsOf((t) => {
          for (const option of material(t).options) option.data.unused_weight = 3;
        }),
      ).toEqual([]);
    });

    it('is a check of the checker only: a version saved before it still compiles and computes', () => {
      const template = fixtureJson('sample.json') as Json;
      for (const option of material(template).options) delete option.dataSources;
      expect(compileTemplate(template as Template).errors).toEqual([]);
    });

    it('the meta-schema refuses a source that is not text', () => {
      expect(errorsOf((t) => (material(t).options[0].dataSources.factor_multiplier = 2))).toEqual([
        'sample.json: /groups/0/fields/4/options/0/dataSources/factor_multiplier: must be a text',
      ]);
    });
  });

  it("reports an unknown function ('facter') with its pointer", () => {
    expect(errorsOf((t) => (t.results[1].formula = 'mass_kg * facter(energy)'))).toEqual([
      "sample.json: /results/1/formula: unknown function 'facter'",
    ]);
  });

  it('reports unknown identifiers, arity and a factor() of a non-factor field', () => {
    expect(errorsOf((t) => (t.results[0].formula = 'quantity * weigth_kg + round() + factor(quantity)'))).toEqual([
      "sample.json: /results/0/formula: unknown identifier 'weigth_kg'",
      'sample.json: /results/0/formula: round() takes 1 to 2 arguments, got 0: round(x, digits?)',
      "sample.json: /results/0/formula: factor() needs a factor field or a factor key in quotes, got 'quantity'",
    ]);
  });

  it('reports parse errors of formulas', () => {
    const [error] = errorsOf((t) => (t.results[0].formula = 'quantity * (weight_kg'));
    expect(error).toBe("sample.json: /results/0/formula: the bracket '(' is never closed (character 12)");
  });

  it('reports a cycle between results', () => {
    expect(
      errorsOf((t) => {
        t.results[0].formula = 'total_co2e / 2';
      }),
    ).toEqual(['sample.json: /results/0/formula: cycle between results: mass_kg → total_co2e → energy_co2e → mass_kg']);
  });

  it('reports a missing label language', () => {
    expect(errorsOf((t) => delete t.groups[0].fields[1].label.fr)).toEqual([
      "sample.json: /groups/0/fields/1/label: missing required property 'fr'",
    ]);
  });

  it('reports invalid JSON with line and column', () => {
    const text = '{\n  "id": "broken",\n  "version": 1,\n}\n';
    const { templates, errors } = loadTemplates([{ fileName: 'broken.json', text }]);
    expect(templates).toEqual([]);
    expect(errors.map(formatTemplateLoadError)).toEqual(['broken.json: /: invalid JSON at line 4, column 1']);
    const truncated = loadTemplates([{ fileName: 'cut.json', text: '{"id": "cut",\n "version": ' }]).errors;
    expect(truncated[0].message).toBe('invalid JSON at line 2, column 13');
  });

  it('reports an id that differs from the file name', () => {
    expect(errorsOf(() => undefined, 'other.json')).toEqual([
      "other.json: /id: id 'sample' must equal the file name 'other'",
    ]);
  });

  it('reports a duplicate (id, version) and offers neither file', () => {
    const text = fixtureText('sample.json');
    const { templates, errors } = loadTemplates([
      { fileName: 'a/sample.json', text },
      { fileName: 'b/sample.json', text },
    ]);
    expect(templates).toEqual([]);
    expect(errors.map(formatTemplateLoadError)).toEqual([
      "a/sample.json: /version: template 'sample' version 2 is defined twice (also in b/sample.json)",
      "b/sample.json: /version: template 'sample' version 2 is defined twice (also in a/sample.json)",
    ]);
  });

  it('offers several versions of one id from several files; a .vN file must hold version N', () => {
    const v1 = { ...fixtureJson('sample.json'), version: 1 };
    const { templates, errors } = loadTemplates([
      { fileName: 'sample.v1.json', text: JSON.stringify(v1) },
      { fileName: 'sample.json', text: fixtureText('sample.json') },
      { fileName: 'sample.v3.json', text: fixtureText('sample.json') },
    ]);
    expect(templates.map((template) => `${template.id}@${template.version}`)).toEqual(['sample@1', 'sample@2']);
    expect(errors.map(formatTemplateLoadError)).toEqual([
      'sample.v3.json: /version: version 2 does not match the file name (.v3.json)',
    ]);
  });

  it.each<[string, (method: Json) => void, string]>([
    ['an unknown stage', (m) => (m.stages[0].stage = 'printing'), "unknown life-cycle stage 'printing'"],
    ['an unknown result', (m) => (m.stages[0].results = ['nothing']), "the method names the unknown result 'nothing'"],
    [
      'a result in two stages',
      (m) => m.stages.push({ stage: 'transport', included: true, results: ['total_co2e'] }),
      "result 'total_co2e' already belongs to stage 'materials'",
    ],
    ['a stage twice', (m) => m.stages.push({ ...m.stages[1] }), "stage 'end_of_life' appears twice"],
    ['an excluded stage without reason', (m) => delete m.stages[1].reason, '/method/stages/1'],
  ])('refuses a method with %s', (_name, change, message) => {
    const sample = fixtureJson('sample.json') as Json;
    const reason = {
      de: 'beim Kunden',
      en: 'at the customer',
      fr: 'chez le client',
      it: 'dal cliente',
      es: 'en el cliente',
    };
    sample.method = {
      functionalUnit: reason,
      systemBoundary: reason,
      stages: [
        { stage: 'materials', included: true, results: ['total_co2e'] },
        { stage: 'end_of_life', included: false, reason },
      ],
    };
    expect(loadTemplates([{ fileName: 'sample.json', text: JSON.stringify(sample) }]).errors).toEqual([]);
    change(sample.method);
    const { errors } = loadTemplates([{ fileName: 'sample.json', text: JSON.stringify(sample) }]);
    expect(errors.map(formatTemplateLoadError).join('\n')).toContain(message);
  });

  it('offers the good templates when another is broken', () => {
    const broken = fixtureJson('sample.json') as Json;
    broken.id = 'broken';
    broken.results[2].formula = 'facter(1)';
    const { templates, errors } = loadTemplates([
      { fileName: 'sample.json', text: fixtureText('sample.json') },
      { fileName: 'broken.json', text: JSON.stringify(broken) },
      { fileName: 'garbage.json', text: 'not json' },
    ]);
    expect(templates.map((template) => template.id)).toEqual(['sample']);
    expect(errors.map((error: TemplateLoadError) => `${error.fileName} ${error.pointer}`)).toEqual([
      'broken.json /results/2/formula',
      'garbage.json ',
    ]);
  });

  it.each<[string, (t: Json) => void, string[]]>([
    [
      'an unknown property',
      (t) => (t.groups[0].fields[0].colour = 'red'),
      ["sample.json: /groups/0/fields/0/colour: unknown property 'colour'"],
    ],
    [
      'a bad field type',
      (t) => (t.groups[0].fields[0].type = 'money'),
      [expect.stringMatching(/^sample\.json: \/groups\/0\/fields\/0\/type: must be one of "text"/)] as never,
    ],
    [
      'a reserved field name',
      (t) => (t.groups[0].fields[1].name = 'sum'),
      ['sample.json: /groups/0/fields/1/name: is a reserved name (a function or keyword of the formula language)'],
    ],
    [
      'a factor field without category',
      (t) => delete t.groups[0].fields[10].category,
      ["sample.json: /groups/0/fields/10: missing required property 'category'"],
    ],
    [
      'an unknown factor category',
      (t) => (t.groups[0].fields[10].category = 'plutonium'),
      ["sample.json: /groups/0/fields/10/category: unknown factor category 'plutonium'"],
    ],
    [
      'a duplicate field name',
      (t) => (t.groups[0].fields[1].name = 'title'),
      [
        "sample.json: /groups/0/fields/1/name: field 'title': this name is already taken by another field, a group, a result or a constant",
      ],
    ],
    [
      'an item field shadowing a top-level name',
      (t) => (t.groups[1].fields[1].name = 'quantity'),
      [
        "sample.json: /groups/1/fields/1/name: field 'quantity' has the name of a field, result or constant outside the group; formulas could not tell which is meant",
        "sample.json: /groups/1/fields/2/visibleIf: there is no field 'km' (any more): it was renamed or removed; please adjust the condition",
        "sample.json: /results/2/formula: unknown identifier 'km'",
      ],
    ],
    [
      'no primary result',
      (t) => delete t.results[3].primary,
      ['sample.json: /results: exactly one result must be primary, found 0'],
    ],
    [
      'option() of a non-select field',
      (t) => (t.results[1].formula = "mass_kg * option('quantity').x"),
      ["sample.json: /results/1/formula: option() needs a select field, got 'quantity'"],
    ],
    [
      'option data that one option lacks',
      (t) => delete t.groups[0].fields[4].options[1].data.factor_multiplier,
      ["sample.json: /results/1/formula: option 'wood' of 'material' has no data 'factor_multiplier'"],
    ],
    [
      'sum() over a non-repeatable group',
      (t) => (t.results[2].formula = 'sum(general, 1)'),
      ['sample.json: /results/2/formula: sum() needs a repeatable group as its first argument'],
    ],
    [
      'a visibleIf on an unknown field',
      (t) => (t.groups[0].fields[7].visibleIf = 'expres'),
      [
        "sample.json: /groups/0/fields/7/visibleIf: there is no field 'expres' (any more): it was renamed or removed; please adjust the condition",
      ],
    ],
    [
      'a visibleIf that is not a condition',
      (t) => (t.groups[0].fields[7].visibleIf = 'quantity * 2'),
      ["sample.json: /groups/0/fields/7/visibleIf: operator '*' cannot be used in a condition"],
    ],
    [
      'a visibleIf with a foreign option',
      (t) => (t.groups[0].fields[7].visibleIf = "material == 'gold'"),
      ["sample.json: /groups/0/fields/7/visibleIf: 'gold' is not an option of 'material'"],
    ],
    [
      'a visibleIf with a formula error',
      (t) => (t.groups[0].fields[7].visibleIf = 'facter(1)'),
      [
        'sample.json: /groups/0/fields/7/visibleIf: a condition may only compare fields with values, combined with &&, || and !',
      ],
    ],
    [
      'a list column that is no field or result',
      (t) => t.list.columns.push('nothing'),
      ["sample.json: /list/columns/3: unknown field or result 'nothing'"],
    ],
    [
      'a list filter that is no field',
      (t) => (t.list.filters = ['total_co2e']),
      ["sample.json: /list/filters/0: unknown field 'total_co2e'"],
    ],
    [
      'an import alias to no field',
      (t) => (t.import.aliases['Gewicht/kg'] = 'weight'),
      ["sample.json: /import/aliases/Gewicht~1kg: unknown field 'weight'"],
    ],
    [
      'a default that breaks its rules',
      (t) => (t.groups[0].fields[2].default = 0),
      ["sample.json: /groups/0/fields/2/default: default 0 breaks rule 'min:1'"],
    ],
    [
      'a default factor not in the catalogue',
      (t) => (t.groups[0].fields[10].default = 'coal'),
      [`sample.json: /groups/0/fields/10/default: default "coal" is not a factor of category 'electricity'`],
    ],
    [
      'a default of the wrong type',
      (t) => (t.groups[0].fields[6].default = 'yes'),
      ['sample.json: /groups/0/fields/6/default: default "yes" does not suit a boolean field'],
    ],
    [
      'a select without options',
      (t) => delete t.groups[0].fields[4].options,
      ["sample.json: /groups/0/fields/4: missing required property 'options'"],
    ],
    [
      'a missing top-level label language',
      (t) => delete t.label.es,
      ["sample.json: /label: missing required property 'es'"],
    ],
  ])('reports %s', (_name, edit, expected) => {
    expect(errorsOf(edit)).toEqual(expected);
  });

  it('formats errors as file: pointer: message', () => {
    expect(
      formatTemplateLoadError({
        fileName: 'brochure.json',
        pointer: '/results/2/formula',
        ...checkerText('checker.unknownFunction', { name: 'facter' }),
      }),
    ).toBe("brochure.json: /results/2/formula: unknown function 'facter'");
  });
});
