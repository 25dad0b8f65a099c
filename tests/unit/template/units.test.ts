/** The unit catalogue in core: display with a catalogue (and singulars), word vs. symbol, the checker's verdict. */
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../src/core/languages';
import { checkTemplate, isWordUnit, localizeUnit, unitCatalog, UNIT_SYMBOLS } from '../../../src/core/template';
import { shippedTemplateFiles } from '../support/templates';

const shippedTemplates = () => shippedTemplateFiles().map((file) => JSON.parse(file.text) as { id: string });

const rolls = {
  key: 'rolls',
  label: { de: 'Rollen', en: 'rolls', fr: 'rouleaux', it: 'rotoli', es: 'rollos' },
  singular: { de: 'Rolle', en: 'roll', fr: 'rouleau', it: 'rotolo', es: 'rollo' },
};

describe('unit catalogue', () => {
  it('shows a unit the provider admin added in each language, singular after exactly 1', () => {
    const catalog = unitCatalog([rolls]);
    expect(localizeUnit('rolls', 'de', catalog)).toBe('Rollen');
    expect(localizeUnit('rolls', 'fr', catalog, 1)).toBe('rouleau');
    expect(localizeUnit('rolls', 'fr', catalog, 2)).toBe('rouleaux');
    // Without the catalogue (before it loaded) the word is shown as written; the built-in words always translate.
    expect(localizeUnit('rolls', 'de')).toBe('rolls');
    expect(localizeUnit('sheets', 'it', catalog)).toBe('fogli');
    // A built-in word relabelled by the admin reads as relabelled.
    const relabelled = unitCatalog([
      { key: 'pcs', label: { de: 'Stück', en: 'pcs', fr: 'pcs', it: 'pz.', es: 'uds.' } },
    ]);
    expect(localizeUnit('pcs', 'de', relabelled, 1)).toBe('Stück');
  });

  it('writes a rate of word units in words: sheets/h is Bogen/h (issue #35)', () => {
    expect(localizeUnit('sheets/h', 'de')).toBe('Bogen/h');
    expect(localizeUnit('sheets/h', 'fr')).toBe('feuilles/h');
    expect(localizeUnit('kg CO2e/kWh', 'de')).toBe('kg CO₂e/kWh');
    expect(localizeUnit('g/m²', 'it')).toBe('g/m²');
  });

  it('tells words from symbols', () => {
    for (const symbol of [
      'kg',
      'g/m²',
      'kWh/1000',
      '%',
      'kg CO2e',
      't CO2e',
      'l',
      'mm',
      'm²',
      'km',
      'kWh',
      'pkm',
      't·km',
      ...UNIT_SYMBOLS,
    ]) {
      expect(isWordUnit(symbol), symbol).toBe(false);
    }
    for (const word of ['rolls', 'pcs', 'Stück', 'sheets per ream', 'Bogen/h'])
      expect(isWordUnit(word), word).toBe(true);
  });

  it('checks the shipped templates clean against the built-in catalogue', () => {
    const catalog = unitCatalog();
    for (const template of shippedTemplates()) {
      expect(checkTemplate(template, `${template.id}.json`, undefined, catalog).errors, template.id).toEqual([]);
    }
  });

  it('refuses a word unit the catalogue lacks, with its place, and accepts it once added', () => {
    const template = shippedTemplates().find((t) => t.id === 'flyer') as unknown as {
      groups: { fields: { unit?: string }[] }[];
      results: { unit: string }[];
    };
    template.groups[0]!.fields[0]!.unit = 'rolls';
    template.results[0]!.unit = 'Bogen/h';
    const refused = checkTemplate(template, 'flyer.json', undefined, unitCatalog());
    expect(refused.template).toBeUndefined();
    expect(refused.errors.map((e) => [e.pointer, e.message.split(':')[0]])).toEqual([
      ['/groups/0/fields/0/unit', "unknown unit 'rolls'"],
      ['/results/0/unit', "unknown unit 'Bogen/h'"],
    ]);
    // Without a catalogue (a caller that has none) units are not checked.
    expect(checkTemplate(template, 'flyer.json').errors.filter((e) => e.pointer.endsWith('/unit'))).toEqual([]);
    const withRolls = checkTemplate(
      template,
      'flyer.json',
      undefined,
      unitCatalog([rolls, { ...rolls, key: 'Bogen/h', singular: null }]),
    );
    expect(withRolls.errors).toEqual([]);
    for (const lang of LANGUAGES) expect(localizeUnit('rolls', lang, unitCatalog([rolls]))).toBe(rolls.label[lang]);
  });
});
