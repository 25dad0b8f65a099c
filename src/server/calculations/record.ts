/** calculations rows → API records, and the JSON schema of a record. */
import type { CalculationRecord, CalculationResults, CalculationStatus } from '../../core/api';
import { fromStoredResults, type StoredForm } from '../../core/formula';
import type { Template } from '../../core/template';
import type { CalculationInputs, TemplateType } from '../../core/template';
import type { Kysely } from 'kysely';
import type { DatabaseSchema, DbBoolean, DbJson } from '../db/schema';
import { parseJson, toBoolean } from '../db/values';
import { loadFactorDetails, type FactorDetailsByDatabase } from './factor-details';

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


function toCalculationRecord(row: Row, stored: StoredForm, resolveTemplate: TemplateResolver, details: FactorDetailsByDatabase): CalculationRecord {
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
    inputs: parseJson<CalculationInputs>(row.inputs as DbJson, {}),
    results: fromStoredResults(stored, resolveTemplate(String(row.template_id), Number(row.template_version)), details(stored.database?.id)),
    total_co2e: Number(row.total_co2e),
    created_by: nullableNumber(row.created_by),
    updated_by: nullableNumber(row.updated_by),
    created_at: String(row.created_at),
    updated_at: String(row.updated_at),
    version: Number(row.version),
    duplicated_from: nullableNumber(row.duplicated_from),
    import_id: nullableNumber(row.import_id),
    frozen: toBoolean(row.frozen as DbBoolean),
  };
}

/** calculations rows → API records; one query for the texts of the factors they used. */
export async function toCalculationRecords(db: Kysely<DatabaseSchema>, rows: readonly Row[], resolveTemplate: TemplateResolver): Promise<CalculationRecord[]> {
  const stored = rows.map((row) => parseJson<StoredForm>(row.results as DbJson, EMPTY_RESULTS));
  const details = await loadFactorDetails(db, stored);
  return rows.map((row, i) => toCalculationRecord(row, stored[i]!, resolveTemplate, details));
}

export const calculationRecordSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    mandant_id: { type: 'integer' },
    number: { type: 'string' },
    template_id: { type: 'string' },
    template_version: { type: 'integer' },
    template_type: { type: 'string' },
    database_id: { type: 'integer' },
    machine_set_id: { type: ['integer', 'null'] },
    title: { type: 'string' },
    customer: { type: ['string', 'null'] },
    tags: { type: 'array', items: { type: 'string' } },
    status: { type: 'string' },
    inputs: { type: 'object', additionalProperties: true },
    results: { type: 'object', additionalProperties: true },
    total_co2e: { type: 'number' },
    created_by: { type: ['integer', 'null'] },
    updated_by: { type: ['integer', 'null'] },
    created_at: { type: 'string' },
    updated_at: { type: 'string' },
    version: { type: 'integer' },
    duplicated_from: { type: ['integer', 'null'] },
    import_id: { type: ['integer', 'null'] },
    frozen: { type: 'boolean' },
  },
  required: [
    'id', 'mandant_id', 'number', 'template_id', 'template_version', 'template_type', 'database_id', 'machine_set_id', 'title', 'customer',
    'tags', 'status', 'inputs', 'results', 'total_co2e', 'created_by', 'updated_by', 'created_at', 'updated_at', 'version',
    'duplicated_from', 'import_id', 'frozen',
  ],
} as const;

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
