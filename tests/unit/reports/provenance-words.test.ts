/**
 * What a customer or an auditor reads about where the figures come from — the provenance panel's words and the report
 * PDF's text — speaks the reader's language, not code (issue #35): no function calls (`chosen(…)`, `ceil(round(…))`),
 * no snake_case keys (`makeready_sheets`, `area_m2`), for every shipped template in every language. The panel and the
 * PDF retell formulas and inputs through the same core functions (core/formula/words.ts) and message keys; the PDF's
 * text is scanned here as the report snapshot holds it.
 */
import { describe, expect, it } from 'vitest';
import { computeResults } from '../../../src/core/formula';
import { LANGUAGES } from '../../../src/core/languages';
import { defaultInputs, defaultItem, loadTemplates, unitCatalog, type Template } from '../../../src/core/template';
import type { CalculationRecord } from '../../../src/core/api';
import { DEMO_FACTORS_2025 } from '../../../src/server/seed/factor-databases';
import { reportCalculation } from '../../../src/server/reports/snapshot';
import { catalogOf, lookup2025, shippedTemplateFiles } from '../support/templates';

const SNAKE_CASE = /\b[a-z][a-z0-9]*_[a-z0-9_]+\b/g;
const FUNCTION_CALL = /\b[A-Za-z_][A-Za-z0-9_]*\(/g;

/** Every text a value holds, with where it sits. */
function texts(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => texts(item, `${path}[${index}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => texts(item, `${path}.${key}`));
  return [];
}

/** Code identifiers in `text`: snake_case keys and function calls. */
export function codeIn(text: string): string[] {
  return [...(text.match(SNAKE_CASE) ?? []), ...(text.match(FUNCTION_CALL) ?? [])];
}

function recordOf(template: Template): CalculationRecord {
  const inputs = defaultInputs(template);
  // One item in every repeatable group, so the texts of sums over items are read too.
  for (const group of template.groups)
    if (group.repeatable && Array.isArray(inputs[group.id]) && (inputs[group.id] as unknown[]).length === 0)
      inputs[group.id] = [
        Object.fromEntries(
          group.fields.map((field) => {
            const value = defaultItem(template, group.id)[field.name];
            const isNumber = field.type === 'number' || field.type === 'integer';
            return [field.name, value ?? (isNumber ? 10 : undefined)];
          }),
        ),
      ];
  const computed = computeResults(template, inputs, lookup2025);
  return {
    id: 1,
    number: 'K-2026-000001',
    title: 'Probe',
    customer: null,
    template_id: template.id,
    inputs,
    total_co2e: computed.primary,
    results: {
      ...computed,
      database: { id: 1, name: DEMO_FACTORS_2025.name, version_label: '2025' },
      machine_set: null,
    },
  } as unknown as CalculationRecord;
}

describe('provenance and report text in words', () => {
  const { templates, errors } = loadTemplates(shippedTemplateFiles(), catalogOf(DEMO_FACTORS_2025));

  it('the scan itself finds code words', () => {
    expect(codeIn('Formel: ceil(round(Auflage; 6))')).toEqual(['ceil(', 'round(']);
    expect(codeIn('makeready_sheets von Druckmaschine')).toEqual(['makeready_sheets']);
    expect(codeIn('Summe über Transporte von (Distanz × Faktor Lkw)')).toEqual([]);
  });

  it.each(LANGUAGES)('no code identifiers in any shipped template’s report text (%s)', (lang) => {
    expect(errors).toEqual([]);
    const found: string[] = [];
    for (const template of templates) {
      const snapshot = reportCalculation(recordOf(template), template, lang, unitCatalog(), undefined);
      for (const [where, text] of texts(snapshot))
        for (const code of codeIn(text))
          found.push(`${template.id} v${template.version} ${where}: ${code} in "${text}"`);
    }
    expect(found).toEqual([]);
  });
});
