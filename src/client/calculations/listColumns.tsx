/**
 * List columns from the templates' `list` sections: a column names a template field (read from the calculation's
 * inputs) or a result (read from its stored results). Columns the server can sort by are marked sortable.
 */
import type { ReactNode } from 'react';
import type { Language, LocalizedText } from '../../core/languages';
import {
  localizeUnit,
  topLevelField,
  type Field,
  type Result,
  type Template,
  type UnitCatalog,
} from '../../core/template';
import { clientFieldTypeOf, TagChips } from '../field-types';
import { formatResult } from '../template-forms/resultFormat';
import type { CalculationListRecord } from './types';

/** Record columns the calculations resource sorts by; anything else lives inside inputs/results JSON. */
const SORTABLE = new Set(['number', 'title', 'customer', 'status', 'total_co2e', 'created_at', 'updated_at']);

export interface ListColumn {
  name: string;
  label: LocalizedText | undefined;
  /** The sort field, or undefined when the server cannot sort by this column. */
  sortBy: string | undefined;
}

function resultOf(template: Template, name: string): Result | undefined {
  return template.results.find((candidate) => candidate.name === name);
}

/** The union of the templates' list columns, in the order they first appear. */
export function listColumns(templates: readonly Template[]): ListColumn[] {
  const columns: ListColumn[] = [];
  for (const template of templates) {
    for (const name of template.list.columns) {
      if (columns.some((column) => column.name === name)) continue;
      const field = topLevelField(template, name);
      const result = field ? undefined : resultOf(template, name);
      const sortBy = result?.primary ? 'total_co2e' : SORTABLE.has(name) ? name : undefined;
      columns.push({ name, label: field?.label ?? result?.label, sortBy });
    }
  }
  return columns;
}

/**
 * The list columns every one of the templates names (in the first template's order): what "All" can show without
 * leaving a column empty for most rows.
 */
export function sharedListColumns(templates: readonly Template[]): ListColumn[] {
  const union = listColumns(templates);
  return union.filter((column) => templates.every((template) => template.list.columns.includes(column.name)));
}

/**
 * Within a type, the columns fewer than half of its templates name: offered in the column chooser but hidden by default,
 * so the table fits and is not mostly empty cells.
 */
export function rareListColumns(templates: readonly Template[]): string[] {
  return listColumns(templates)
    .filter(
      (column) =>
        templates.filter((template) => template.list.columns.includes(column.name)).length * 2 < templates.length,
    )
    .map((column) => column.name);
}

/** A present or absent input's list cell, as the field's type shows it (client/field-types). */
function fieldText(
  field: Field,
  value: unknown,
  lang: Language,
  yesNo: (value: boolean) => string,
  units?: UnitCatalog,
): ReactNode {
  if (value === undefined || value === null || value === '') return '';
  return clientFieldTypeOf(field.type).listCell(field, value, { lang, yesNo, units });
}

/** A stored result's value: `results.values[name]`, the primary one also as `total_co2e`. */
export function resultValue(record: CalculationListRecord, name: string): number | undefined {
  const values = record.results?.values;
  const value = values && typeof values === 'object' ? values[name] : undefined;
  if (typeof value === 'number') return value;
  if (record.results?.primary === name && typeof record.total_co2e === 'number') return record.total_co2e;
  return undefined;
}

export function columnValue(
  record: CalculationListRecord,
  name: string,
  template: Template | undefined,
  lang: Language,
  yesNo: (value: boolean) => string,
  units?: UnitCatalog,
): ReactNode {
  if (name === 'title') return record.title;
  if (name === 'tags') return <TagChips tags={record.tags ?? []} />;
  const field = template ? topLevelField(template, name) : undefined;
  if (field) return fieldText(field, record.inputs?.[name], lang, yesNo, units);
  const result = template ? resultOf(template, name) : undefined;
  if (result) {
    const value = result.primary ? record.total_co2e : resultValue(record, name);
    return typeof value === 'number' ? `${formatResult(value, lang)} ${localizeUnit(result.unit, lang, units)}` : '';
  }
  const raw = (record as unknown as Record<string, unknown>)[name];
  return typeof raw === 'string' || typeof raw === 'number' ? String(raw) : '';
}
