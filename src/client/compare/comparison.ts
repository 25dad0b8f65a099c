/**
 * The comparison of two to four calculations as plain data, shared by the page and the CSV:
 * the inputs grouped as in their templates (labels in the user's language), then every result
 * aligned by name across templates, each with its difference to the first calculation.
 */
import type { CalculationRecord } from '../../core/api';
import type { Language } from '../../core/languages';
import { fieldTypeOf } from '../../core/field-types';
import { localize } from '../../core/rules';
import { KG_CO2E, localizeUnit, type Field, type Template, type UnitCatalog } from '../../core/template';

export interface ComparedCalculation {
  id: number;
  number: string;
  title: string;
  template: string;
}

export interface InputRow {
  key: string;
  label: string;
  /** Display text per calculation; null where its template has no such field. */
  values: (string | null)[];
  /** The bare number per calculation for number fields (the CSV writes these, the unit in `unit`); null otherwise. */
  numbers: (number | null)[];
  /** The number field's unit in the user's language ('' without one). */
  unit: string;
  /** Not every calculation has the same value. */
  differs: boolean;
}

export interface InputSection {
  key: string;
  label: string;
  rows: InputRow[];
}

export interface Difference {
  /** value − first value, in the result's unit. */
  absolute: number;
  /** Relative to the first value, in percent; null when the first value is 0. */
  percent: number | null;
}

export interface ResultRow {
  name: string;
  label: string;
  unit: string;
  values: (number | null)[];
  /** Per calculation; null for the first one and where a value is missing. */
  differences: (Difference | null)[];
  differs: boolean;
}

export interface Comparison {
  calculations: ComparedCalculation[];
  inputs: InputSection[];
  results: ResultRow[];
}

export interface ComparisonTexts {
  yes: string;
  no: string;
  /** The label of the row with the primary total (kg CO2e) every calculation has. */
  total: string;
  /** How units read (the unit catalogue); without it, the built-in words. */
  units?: UnitCatalog;
}

/** Decimals a number input is shown with (fieldText), on screen and in the CSV. */
export const INPUT_DIGITS = 3;
/** Decimals of a difference in percent, on screen and in the CSV. */
export const PERCENT_DIGITS = 1;

/** Results smaller than this apart are the same figure computed twice, not a difference. */
const EPSILON = 1e-9;

function factorLabel(record: CalculationRecord, key: string, lang: Language): string {
  const use = record.results?.factors?.find((factor) => factor.key === key);
  return localize(use?.label, lang, key);
}

/** An input's text in the comparison, as the field's type tells it (core/field-types, `comparison`). */
export function fieldText(
  field: Field,
  value: unknown,
  record: CalculationRecord,
  lang: Language,
  texts: ComparisonTexts,
): string {
  if (value === undefined || value === null || value === '') return '';
  return fieldTypeOf(field.type).comparison.text(field, value, {
    lang,
    units: texts.units,
    yes: texts.yes,
    no: texts.no,
    digits: INPUT_DIGITS,
    factorLabel: (key) => factorLabel(record, key, lang),
  });
}

function sameValues(values: readonly (string | null)[]): boolean {
  return values.every((value) => value === values[0]);
}

/** Input sections: the union of the templates' groups by id, in the order they first appear. */
function inputSections(
  records: readonly CalculationRecord[],
  templates: readonly (Template | undefined)[],
  lang: Language,
  texts: ComparisonTexts,
): InputSection[] {
  const sections: InputSection[] = [];
  const sectionOf = (key: string, label: string) => {
    let section = sections.find((candidate) => candidate.key === key);
    if (!section) sections.push((section = { key, label, rows: [] }));
    return section;
  };
  const addRow = (section: InputSection, key: string, label: string) => {
    let row = section.rows.find((candidate) => candidate.key === key);
    if (!row)
      section.rows.push(
        (row = {
          key,
          label,
          values: records.map(() => null),
          numbers: records.map(() => null),
          unit: '',
          differs: false,
        }),
      );
    return row;
  };
  const setValue = (row: InputRow, column: number, field: Field, value: unknown, record: CalculationRecord) => {
    row.values[column] = fieldText(field, value, record, lang, texts);
    if (fieldTypeOf(field.type).comparison.numeric && typeof value === 'number') {
      row.numbers[column] = value;
      if (field.unit) row.unit = localizeUnit(field.unit, lang, texts.units);
    }
  };
  records.forEach((record, column) => {
    const template = templates[column];
    if (!template) return;
    for (const group of template.groups) {
      const section = sectionOf(group.id, localize(group.label, lang, group.id));
      if (!group.repeatable) {
        for (const field of group.fields) {
          const row = addRow(section, field.name, localize(field.label, lang, field.name));
          setValue(row, column, field, record.inputs?.[field.name], record);
        }
        continue;
      }
      // A repeatable group compares item by item: transport 1 with transport 1.
      const items = Array.isArray(record.inputs?.[group.id])
        ? (record.inputs[group.id] as Record<string, unknown>[])
        : [];
      items.forEach((item, index) => {
        for (const field of group.fields) {
          const row = addRow(
            section,
            `${index}.${field.name}`,
            `${index + 1}. ${localize(field.label, lang, field.name)}`,
          );
          setValue(row, column, field, item?.[field.name], record);
        }
      });
    }
  });
  for (const section of sections) for (const row of section.rows) row.differs = !sameValues(row.values);
  return sections.filter((section) => section.rows.length > 0);
}

export function difference(value: number | null, first: number | null): Difference | null {
  if (value === null || first === null) return null;
  const absolute = value - first;
  return { absolute, percent: first === 0 ? null : (absolute / Math.abs(first)) * 100 };
}

function resultRow(name: string, label: string, unit: string, values: (number | null)[]): ResultRow {
  const first = values[0] ?? null;
  const differences = values.map((value, index) => (index === 0 ? null : difference(value, first)));
  const present = values.filter((value): value is number => value !== null);
  const differs =
    present.length !== values.length || present.some((value) => Math.abs(value - (present[0] ?? 0)) > EPSILON);
  return { name, label, unit, values, differences, differs };
}

/** Results: the primary total first, then the union of result names in the order they first appear. */
function resultRows(
  records: readonly CalculationRecord[],
  templates: readonly (Template | undefined)[],
  lang: Language,
  texts: ComparisonTexts,
): ResultRow[] {
  const rows: ResultRow[] = [
    resultRow(
      'total_co2e',
      texts.total,
      KG_CO2E,
      records.map((record) => (typeof record.total_co2e === 'number' ? record.total_co2e : null)),
    ),
  ];
  const seen = new Set<string>();
  templates.forEach((template) => {
    for (const result of template?.results ?? []) {
      if (result.primary || seen.has(result.name)) continue;
      seen.add(result.name);
      const values = records.map((record, column) => {
        const defines = templates[column]?.results.some((candidate) => candidate.name === result.name);
        const value = record.results?.values?.[result.name];
        return defines && typeof value === 'number' ? value : null;
      });
      rows.push(
        resultRow(
          result.name,
          localize(result.label, lang, result.name),
          localizeUnit(result.unit, lang, texts.units),
          values,
        ),
      );
    }
  });
  return rows;
}

export function buildComparison(
  records: readonly CalculationRecord[],
  templatesById: ReadonlyMap<string, Template>,
  lang: Language,
  texts: ComparisonTexts,
): Comparison {
  const templates = records.map((record) => templatesById.get(record.template_id));
  return {
    calculations: records.map((record, index) => ({
      id: record.id,
      number: record.number,
      title: record.title,
      template: localize(templates[index]?.label, lang, record.template_id),
    })),
    inputs: inputSections(records, templates, lang, texts),
    results: resultRows(records, templates, lang, texts),
  };
}
