/**
 * One CSV row → a calculation's inputs, as the form would build them: the template's defaults,
 * overwritten by every mapped non-empty cell. An empty cell means "not given" (the default
 * stays). Cells that cannot be read are reported per column; the rules are checked later by the
 * same validator the calculations API uses.
 *
 * A repeatable group's columns come in numbered sets, one set per item. A set whose cells are all
 * empty adds no item; the filled sets become the items in the order of their numbers, so a gap
 * (set 1 empty, set 2 filled) gives one item, made of set 2. A set with a required field's cell
 * empty while another of its cells is filled is a row error naming the empty columns: a leg
 * without its distance is a mistake, not a wish for the default.
 */
import {
  defaultInputs,
  defaultItem,
  pruneInputs,
  type CalculationInputs,
  type FieldOption,
  type Template,
} from '../template';
import { fieldTypeOf } from '../field-types';
import type { CsvMessageKey } from './messages';
import type { ColumnMapping } from './mapping';
import { groupTargetKey, resolveTarget, type ImportTarget } from './targets';
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
  /** Further message parameters beside column and value (`filled`: the set's filled columns). */
  params?: Record<string, string>;
  /** A refused option cell: the options the column accepts, for the message to list in the reader's language. */
  options?: readonly FieldOption[];
}

/** A mapping resolved against the header row once per file: column index → target. */
export interface RowPlan {
  columns: Array<{ index: number; header: string; target: ImportTarget; decimal?: DecimalSeparator }>;
}

export function planRows(template: Template, headers: readonly string[], mapping: ColumnMapping): RowPlan {
  const columns: RowPlan['columns'] = [];
  headers.forEach((header, index) => {
    const key = Object.hasOwn(mapping, header) ? mapping[header] : undefined;
    const target = key ? resolveTarget(template, key) : undefined;
    if (target) columns.push({ index, header, target });
  });
  return { columns };
}

export interface RowInputs {
  inputs: CalculationInputs;
  errors: CellError[];
  /** Per repeatable group filled from the row: the set number of each item, in item order. */
  sets: Record<string, number[]>;
}

interface SetCells {
  item: Record<string, unknown>;
  filled: string[];
  /** Columns of required fields left empty. */
  missing: Array<{ column: string; value: string }>;
}

export function rowToInputs(
  template: Template,
  plan: RowPlan,
  cells: readonly string[],
  context: CellContext,
): RowInputs {
  const inputs = defaultInputs(template);
  /** Group id → set number → the set's cells so far. */
  const groups = new Map<string, Map<number, SetCells>>();
  const errors: CellError[] = [];
  for (const column of plan.columns) {
    const { index, header, target } = column;
    const raw = cells[index] ?? '';
    let set: SetCells | undefined;
    if (target.groupId) {
      let sets = groups.get(target.groupId);
      if (!sets) groups.set(target.groupId, (sets = new Map()));
      const number = target.item ?? 1;
      set = sets.get(number);
      if (!set) sets.set(number, (set = { item: defaultItem(template, target.groupId), filled: [], missing: [] }));
    }
    if (raw.trim() === '') {
      if (set && target.field.rules?.includes('required')) set.missing.push({ column: header, value: raw });
      continue;
    }
    set?.filled.push(header);
    const parsed = parseCell(target.field, raw, column.decimal ? { ...context, decimal: column.decimal } : context);
    if (!parsed.ok) {
      // A refused option names what the column accepts.
      const options = parsed.key === 'option' ? target.field.options : undefined;
      errors.push({ column: header, value: raw, key: parsed.key, ...(options && { options }) });
      continue;
    }
    if (set) set.item[target.field.name] = parsed.value;
    else inputs[target.field.name] = parsed.value;
  }
  const setNumbers: Record<string, number[]> = {};
  for (const [groupId, sets] of groups) {
    const filled = [...sets.entries()].filter(([, set]) => set.filled.length > 0).sort(([a], [b]) => a - b);
    for (const [, set] of filled) {
      const others = set.filled.join(', ');
      for (const { column, value } of set.missing)
        errors.push({ column, value, key: 'partialSet', params: { filled: others } });
    }
    // No filled set: the group keeps its defaults, as when none of its columns is mapped.
    if (filled.length === 0) continue;
    inputs[groupId] = filled.map(([, set]) => set.item);
    setNumbers[groupId] = filled.map(([number]) => number);
  }
  // Like the form, hidden fields (e.g. the cover's paper without a cover) are not sent.
  return { inputs: pruneInputs(template, inputs), errors, sets: setNumbers };
}

/**
 * The column a validation error's field path (`quantity`, `transport.0.distance_km`) came from.
 * The path counts the row's items from 0; `sets` (from rowToInputs) tells which set each came from.
 */
export function columnOfPath(
  plan: RowPlan,
  path: string,
  sets: Readonly<Record<string, number[]>> = {},
): string | undefined {
  const parts = path.split('.');
  let key = path;
  if (parts.length >= 3 && /^\d+$/.test(parts[1]!)) {
    const groupId = parts[0]!;
    const index = Number(parts[1]);
    const number = (Object.hasOwn(sets, groupId) ? sets[groupId]![index] : undefined) ?? index + 1;
    key = groupTargetKey(groupId, number, parts.slice(2).join('.'));
  }
  return plan.columns.find((c) => c.target.key === key)?.header;
}

/** The plan with each number column's decimal separator detected from sample rows (`fallback` if undecided). */
export function withDecimals(
  plan: RowPlan,
  sample: readonly (readonly string[])[],
  fallback: DecimalSeparator,
): RowPlan {
  return {
    columns: plan.columns.map((column) =>
      fieldTypeOf(column.target.field.type).kind === 'number'
        ? {
            ...column,
            decimal: detectDecimalSeparator(
              sample.map((cells) => cells[column.index] ?? ''),
              fallback,
            ),
          }
        : column,
    ),
  };
}
