/** calculations rows → API records (the full record of one calculation, or the lighter row of a list page). */
import type {
  CalculationListRecord,
  CalculationRecord,
  CalculationResults,
  CalculationStatus,
  StoredInputs,
} from '../../core/api';
import { fromStoredResults, type StoredForm } from '../../core/formula';
import type { Template } from '../../core/template';
import type { TemplateType } from '../../core/template';
import type { Kysely } from 'kysely';
import type { DatabaseSchema, DbBoolean, DbJson } from '../db/schema';
import { parseJson, toBoolean } from '../db/values';
import { loadFactorDetails } from './factor-details';

type Row = Record<string, unknown>;

const nullableNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value));

export const EMPTY_RESULTS: CalculationResults = {
  values: {},
  primary: '',
  breakdown: [],
  factors: [],
  database: { id: 0, name: '', version_label: '' },
};

/** Finds a calculation's template version, to rebuild the breakdown of its stored results. */
export type TemplateResolver = (id: string, version: number) => Template | undefined;

/** What a record and a list row share: every column but inputs and results. */
function recordColumns(row: Row): Omit<CalculationRecord, 'inputs' | 'results'> {
  return {
    id: Number(row.id),
    mandant_id: Number(row.mandant_id),
    number: String(row.number),
    template_id: String(row.template_id),
    template_version: Number(row.template_version),
    template_type: row.template_type as TemplateType,
    database_id: Number(row.database_id),
    machine_set_id: nullableNumber(row.machine_set_id),
    title: String(row.title),
    customer: row.customer === null || row.customer === undefined ? null : String(row.customer),
    tags: parseJson<string[]>(row.tags as DbJson, []),
    status: row.status as CalculationStatus,
    total_co2e: Number(row.total_co2e),
    created_by: nullableNumber(row.created_by),
    updated_by: nullableNumber(row.updated_by),
    created_at: String(row.created_at),
    updated_at: String(row.updated_at),
    version: Number(row.version),
    duplicated_from: nullableNumber(row.duplicated_from),
    import_id: nullableNumber(row.import_id),
    frozen: toBoolean(row.frozen as DbBoolean),
    channel: row.channel === null || row.channel === undefined ? null : String(row.channel),
    channel_reference:
      row.channel_reference === null || row.channel_reference === undefined ? null : String(row.channel_reference),
    ...(row.channel_name !== undefined && {
      channel_name: row.channel_name === null ? null : String(row.channel_name),
    }),
  };
}

const storedResults = (row: Row) => parseJson<StoredForm>(row.results as DbJson, EMPTY_RESULTS);

/**
 * The order that froze each frozen calculation: its page says why it is read-only and links the order. One query per
 * mandant with frozen rows, and none for the (usual) rows that are not frozen.
 */
async function lockingOrders(
  db: Kysely<DatabaseSchema>,
  rows: readonly Row[],
): Promise<Map<number, { id: number; number: string }>> {
  const found = new Map<number, { id: number; number: string }>();
  const frozen = rows.filter((row) => toBoolean(row.frozen as DbBoolean));
  for (const mandantId of new Set(frozen.map((row) => Number(row.mandant_id)))) {
    const wanted = new Set(frozen.filter((row) => Number(row.mandant_id) === mandantId).map((row) => Number(row.id)));
    const orders = await db
      .selectFrom('orders')
      .select(['id', 'number', 'calculation_ids'])
      .where('mandant_id', '=', mandantId)
      .where('status', 'in', ['placed', 'confirmed', 'completed'])
      .orderBy('id', 'desc')
      .execute();
    for (const order of orders)
      for (const id of parseJson<number[]>(order.calculation_ids, []))
        if (wanted.has(id) && !found.has(id)) found.set(id, { id: Number(order.id), number: String(order.number) });
  }
  return found;
}

/** calculations rows → API records; one query for the texts of the factors they used. */
export async function toCalculationRecords(
  db: Kysely<DatabaseSchema>,
  rows: readonly Row[],
  resolveTemplate: TemplateResolver,
): Promise<CalculationRecord[]> {
  const stored = rows.map(storedResults);
  const details = await loadFactorDetails(db, stored);
  const lockedBy = await lockingOrders(db, rows);
  return rows.map((row, i) => ({
    ...recordColumns(row),
    ...(lockedBy.has(Number(row.id)) && { locked_by: lockedBy.get(Number(row.id)) }),
    inputs: parseJson<StoredInputs>(row.inputs as DbJson, {}),
    results: fromStoredResults(
      stored[i]!,
      resolveTemplate(String(row.template_id), Number(row.template_version)),
      details(stored[i]!.database?.id),
    ),
  }));
}

/**
 * The names a list of calculations of a template type may show as columns: what its templates (and the
 * calculation's own version) name in `list.columns`. A column of the type's list reads the row's own template, so
 * a field one template lists is shown for every calculation of that type whose template has it.
 */
function listColumnNames(
  templates: readonly Template[],
): (type: string, own: Template | undefined) => ReadonlySet<string> {
  const byType = new Map<string, Set<string>>();
  for (const template of templates) {
    const names = byType.get(template.type) ?? new Set<string>();
    for (const name of template.list.columns) names.add(name);
    byType.set(template.type, names);
  }
  return (type, own) => {
    const names = byType.get(type) ?? new Set<string>();
    return own && own.list.columns.some((name) => !names.has(name)) ? new Set([...names, ...own.list.columns]) : names;
  };
}

/**
 * calculations rows as store.ts reads them for a list page (state.ts `listedStateColumns`) → list rows: the inputs and result values list
 * columns show, no breakdown (and no query).
 */
export function toCalculationListRows(
  rows: readonly Row[],
  templates: readonly Template[],
  resolveTemplate: TemplateResolver,
): CalculationListRecord[] {
  const columnsOf = listColumnNames(templates);
  return rows.map((row) => {
    const columns = recordColumns(row);
    const listed = columnsOf(columns.template_type, resolveTemplate(columns.template_id, columns.template_version));
    const listedOf = <T>(named: Record<string, T>) =>
      Object.fromEntries(Object.entries(named).filter(([name]) => listed.has(name)));
    return {
      ...columns,
      inputs: listedOf(parseJson<StoredInputs>(row.inputs as DbJson, {})),
      results: {
        values: listedOf(parseJson<Record<string, number>>(row.result_values as DbJson, {})),
        primary: typeof row.result_primary === 'string' ? row.result_primary : '',
      },
    };
  });
}

/** Key order independent JSON equality (PostgreSQL's jsonb does not keep key order). */
export function sameJson(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
