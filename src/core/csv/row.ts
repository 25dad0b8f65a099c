/**
 * One CSV row → a calculation's inputs, as the form would build them: the template's defaults,
 * overwritten by every mapped non-empty cell. An empty cell means "not given" (the default
 * stays). Cells that cannot be read are reported per column; the rules are checked later by the
 * same validator the calculations API uses.
 */
import { defaultInputs, defaultItem, pruneInputs, type CalculationInputs, type Template } from '../template';
import type { CsvMessageKey } from './messages';
import type { ColumnMapping } from './mapping';
import { importTargets, type ImportTarget } from './targets';
import { detectDecimalSeparator, type DecimalSeparator } from './numbers';
import { parseCell, type CellContext } from './values';

/**
 * A line a spreadsheet writes for an empty row (nothing but delimiters and spaces). It is skipped, yet
 * counted: every row number a user reads is the one the spreadsheet shows beside the row.
 */
export function isBlankRow(cells: readonly string[]): boolean {
  return cells.every((cell) => cell.trim() === '');
}

export interface CellError {
  column: string;
  value: string;
  key: CsvMessageKey;
}

/** A mapping resolved against the header row once per file: column index → target. */
export interface RowPlan {
  columns: Array<{ index: number; header: string; target: ImportTarget; decimal?: DecimalSeparator }>;
}

export function planRows(template: Template, headers: readonly string[], mapping: ColumnMapping): RowPlan {
  const targets = new Map(importTargets(template).map((t) => [t.key, t]));
  const columns: RowPlan['columns'] = [];
  headers.forEach((header, index) => {
    const key = Object.hasOwn(mapping, header) ? mapping[header] : undefined;
    const target = key ? targets.get(key) : undefined;
    if (target) columns.push({ index, header, target });
  });
  return { columns };
}

export interface RowInputs {
  inputs: CalculationInputs;
  errors: CellError[];
}

export function rowToInputs(template: Template, plan: RowPlan, cells: readonly string[], context: CellContext): RowInputs {
  const inputs = defaultInputs(template);
  const items = new Map<string, Record<string, unknown>>();
  const errors: CellError[] = [];
  for (const column of plan.columns) {
    const { index, header, target } = column;
    const raw = cells[index] ?? '';
    if (raw.trim() === '') continue;
    const parsed = parseCell(target.field, raw, column.decimal ? { ...context, decimal: column.decimal } : context);
    if (!parsed.ok) {
      errors.push({ column: header, value: raw, key: parsed.key });
      continue;
    }
    if (target.groupId) {
      let item = items.get(target.groupId);
      if (!item) items.set(target.groupId, (item = defaultItem(template, target.groupId)));
      item[target.field.name] = parsed.value;
    } else {
      inputs[target.field.name] = parsed.value;
    }
  }
  for (const [groupId, item] of items) inputs[groupId] = [item];
  // Like the form, hidden fields (e.g. the cover's paper without a cover) are not sent.
  return { inputs: pruneInputs(template, inputs), errors };
}

/** The column a validation error's field path (`quantity`, `transport.0.distance_km`) came from. */
export function columnOfPath(plan: RowPlan, path: string): string | undefined {
  const parts = path.split('.');
  const key = parts.length >= 3 && /^\d+$/.test(parts[1]!) ? `${parts[0]}.${parts.slice(2).join('.')}` : path;
  return plan.columns.find((c) => c.target.key === key)?.header;
}

/** The plan with each number column's decimal separator detected from sample rows (`fallback` if undecided). */
export function withDecimals(plan: RowPlan, sample: readonly (readonly string[])[], fallback: DecimalSeparator): RowPlan {
  return {
    columns: plan.columns.map((column) =>
      column.target.field.type === 'number' || column.target.field.type === 'integer'
        ? { ...column, decimal: detectDecimalSeparator(sample.map((cells) => cells[column.index] ?? ''), fallback) }
        : column,
    ),
  };
}
