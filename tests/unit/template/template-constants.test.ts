/**
 * Issue #34, item 3: a number a formula needs that is not a factor is a named constant with a unit and a source, read
 * by name and told in the provenance by label, value and source ("Klammermasse 1,5 g (Quelle: …)", not "dann 1.5");
 * a select option may name its factor, so `factor(field)` replaces an `if(x == 'a', factor(…), factor(…))` chain; a
 * stage may carry the template's own label.
 */
import { describe, expect, it } from 'vitest';
import { computeResults } from '../../../src/core/formula';
import { formulaInWords, formulaVocabulary } from '../../../src/core/formula/words';
import { translate } from '../../../src/core/i18n/translate';
import type { Language } from '../../../src/core/languages';
import { checkTemplate, wordChecker, type FactorLookup, type Template } from '../../../src/core/template';

const L = (de: string, en = de) => ({ de, en, fr: en, it: en, es: en });

function clipTemplate(): Template {
  return {
    id: 'clips',
    version: 1,
    type: 'product',
    icon: 'Inventory2',
    label: L('Klammern', 'Clips'),
    groups: [
      {
        id: 'job',
        label: L('Auftrag', 'Job'),
        fields: [
          { name: 'quantity', type: 'integer', label: L('Auflage', 'Quantity'), rules: ['required', 'min:1'] },
          {
            name: 'metal',
            type: 'select',
            label: L('Metall', 'Metal'),
            default: 'steel',
            options: [
              { value: 'steel', label: L('Stahl', 'Steel'), factor: 'steel_wire' },
              { value: 'aluminium', label: L('Aluminium'), factor: 'aluminium_wire' },
            ],
          },
        ],
      },
    ],
    constants: [
      {
        name: 'clip_mass_g',
        label: L('Klammermasse', 'Clip mass'),
        value: 1.5,
        unit: 'g',
        source: 'Datenblatt Klammer K12, 2024',
      },
    ],
    results: [
      {
        name: 'total_co2e',
        label: L('Gesamt', 'Total'),
        unit: 'kg CO2e',
        formula: 'quantity * clip_mass_g / 1000 * factor(metal)',
        primary: true,
      },
    ],
    list: { columns: ['quantity', 'total_co2e'] },
  };
}

const factors: Record<string, number> = { steel_wire: 2, aluminium_wire: 8 };
const lookup: FactorLookup = (key) =>
  key in factors ? { key, value: factors[key], unit: 'kg', source: 'Test', label: L(key) } : undefined;
const catalog = { categories: { metal: Object.keys(factors) } };

const check = (template: unknown) => checkTemplate(template, 'clips.json', catalog);

describe('named constants', () => {
  it('pass the checker and compute by name', () => {
    const { template, errors } = check(clipTemplate());
    expect(errors).toEqual([]);
    // 1000 clips × 1.5 g = 1.5 kg of steel wire at 2 kg CO2e/kg.
    expect(computeResults(template!, { quantity: 1000, metal: 'steel' }, lookup).primary).toBeCloseTo(3, 10);
  });

  it('change the figure with their value', () => {
    const heavier = clipTemplate();
    heavier.constants![0].value = 3;
    expect(computeResults(heavier, { quantity: 1000, metal: 'steel' }, lookup).primary).toBeCloseTo(6, 10);
  });

  it('need a source, and share the names of fields and results', () => {
    const unsourced = clipTemplate() as unknown as { constants: Record<string, unknown>[] };
    delete unsourced.constants[0].source;
    expect(check(unsourced).errors.map((error) => error.pointer)).toContain('/constants/0');
    const taken = clipTemplate();
    taken.constants![0].name = 'quantity';
    const errors = check(taken).errors;
    expect(errors.map((error) => [error.pointer, error.key])).toContainEqual([
      '/constants/0/name',
      'checker.names.constantTaken',
    ]);
  });

  it('an unknown name is still a fault', () => {
    const template = clipTemplate();
    template.results[0].formula = 'quantity * clip_mas_g';
    expect(check(template).errors.map((error) => error.key)).toEqual(['checker.formula.unknownIdentifier']);
  });

  it.each<[Language, string]>([
    ['de', 'Auflage × Klammermasse 1,5 g (Quelle: Datenblatt Klammer K12, 2024) ÷ 1.000 × Faktor steel wire'],
    ['en', 'Quantity × Clip mass 1.5 g (source: Datenblatt Klammer K12, 2024) ÷ 1,000 × factor steel wire'],
  ])('are told by label, value and source in the provenance (%s)', (lang, expected) => {
    const template = clipTemplate();
    const vocabulary = formulaVocabulary(
      template,
      [],
      lang,
      (name, params) => translate(lang, `calculations.provenance.words.${name}`, params),
      { figureLabel: (figure) => figure, dataLabel: (key) => key },
    );
    const words = formulaInWords(template.results[0].formula, vocabulary, (name) =>
      name === 'metal' ? 'steel' : undefined,
    );
    expect(words).toBe(expected);
    expect(words).not.toContain('clip_mass_g');
  });
});

describe('options that name a factor', () => {
  it('factor(select) reads the chosen option’s factor', () => {
    const { template } = check(clipTemplate());
    expect(computeResults(template!, { quantity: 1000, metal: 'aluminium' }, lookup).primary).toBeCloseTo(12, 10);
    const used = computeResults(template!, { quantity: 1000, metal: 'aluminium' }, lookup).factors.map((f) => f.key);
    expect(used).toEqual(['aluminium_wire']);
  });

  it('every option must name a known factor', () => {
    const lacking = clipTemplate();
    delete lacking.groups[0].fields[1].options![1].factor;
    expect(check(lacking).errors.map((error) => [error.key, error.params.options])).toEqual([
      ['checker.formula.optionFactorMissing', "'aluminium'"],
    ]);
    const misspelled = clipTemplate();
    misspelled.groups[0].fields[1].options![1].factor = 'aluminum_wire';
    expect(check(misspelled).errors.map((error) => [error.key, error.params.key])).toEqual([
      ['checker.formula.unknownFactor', 'aluminum_wire'],
    ]);
  });

  it('the provenance names the chosen option’s factor', () => {
    const template = clipTemplate();
    const vocabulary = formulaVocabulary(
      template,
      [{ key: 'aluminium_wire', value: 8, unit: 'kg', source: 'Test', label: L('Aluminiumdraht') }],
      'de',
      (name, params) => translate('de', `calculations.provenance.words.${name}`, params),
      { figureLabel: (figure) => figure, dataLabel: (key) => key },
    );
    expect(formulaInWords('factor(metal)', vocabulary, () => 'aluminium')).toBe('Faktor Aluminiumdraht');
  });
});

describe('stage labels of the template', () => {
  const withStageLabel = (label: Record<string, string>) => {
    const template = clipTemplate();
    template.method = {
      functionalUnit: L('1000 Klammern'),
      systemBoundary: L('Wiege bis Werkstor'),
      stages: [{ stage: 'materials', label: label as never, included: true, results: ['total_co2e'] }],
    };
    return template;
  };

  it('a stage may carry its own label in five languages, and only a complete one', () => {
    expect(check(withStageLabel(L('Metallteile', 'Metal parts'))).errors).toEqual([]);
    expect(check(withStageLabel({ de: 'Metallteile' })).errors.map((error) => error.pointer)).toContain(
      '/method/stages/0/label',
    );
  });
});

describe('checker faults in the reader’s words', () => {
  const faultsOf = (edit: (template: Template) => void, lang: Language) => {
    const template = clipTemplate();
    edit(template);
    return check(template).errors.map((error) => wordChecker(error, lang));
  };

  it.each<[string, (template: Template) => void]>([
    ['missing bracket', (t) => (t.results[0].formula = 'quantity * (clip_mass_g / 1000')],
    ['missing operand', (t) => (t.results[0].formula = 'quantity * ')],
    ['stray sign', (t) => (t.results[0].formula = 'quantity * clip_mass_g )')],
    ['unclosed quote', (t) => (t.results[0].formula = "factor('steel_wire)")],
    ['name with a digit', (t) => (t.results[0].formula = 'quantity * 2x')],
    ['unclosed list', (t) => (t.results[0].formula = 'quantity * [1')],
    ['missing value', (t) => (t.results[0].formula = 'quantity * (clip_mass_g, )')],
    ['broken condition', (t) => (t.groups[0].fields[1].visibleIf = 'quantity > ')],
    ['name taken', (t) => (t.constants![0].name = 'total_co2e')],
  ])('%s: no English and no JSON path in German', (_, edit) => {
    const german = faultsOf(edit, 'de');
    expect(german.length).toBeGreaterThan(0);
    for (const text of german) {
      expect(text).not.toMatch(/\/(groups|results|constants|fields)\/\d/);
      expect(text).not.toMatch(/\b(Expected|Unexpected|character|Unclosed|missing|at)\b/);
    }
  });

  it('a parser fault names the place and what is missing', () => {
    expect(faultsOf((t) => (t.results[0].formula = 'quantity * (clip_mass_g / 1000'), 'de')).toEqual([
      'die Klammer „(“ wird nicht geschlossen (Zeichen 12)',
    ]);
    expect(faultsOf((t) => (t.results[0].formula = 'max(quantity, 1'), 'en')).toEqual([
      "')' is missing at character 16",
    ]);
  });

  it('a condition on a field that no longer exists says so', () => {
    const gone = faultsOf((t) => (t.groups[0].fields[1].visibleIf = "format == 'a4'"), 'de');
    expect(gone).toEqual([
      'es gibt kein Feld „format“ (mehr): es wurde umbenannt oder entfernt; bitte die Bedingung anpassen',
    ]);
    const otherLevel = faultsOf((t) => {
      t.groups.push({
        id: 'legs',
        label: L('Transporte'),
        repeatable: true,
        fields: [{ name: 'distance_km', type: 'number', label: L('Distanz') }],
      });
      t.groups[0].fields[1].visibleIf = 'distance_km > 5';
    }, 'de');
    expect(otherLevel).toEqual([
      'Feld „distance_km“ liegt auf einer anderen Gruppenebene; eine Bedingung darf nur Felder ihrer eigenen Ebene verwenden',
    ]);
  });
});
