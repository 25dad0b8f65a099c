/** Rows → `MachineSetRecord` / `MachineRecord`, and their JSON schemas. */
import {
  MACHINE_FIGURE_NAMES,
  type MachineFigures,
  type MachineKind,
  type MachineRecord,
  type MachineSetRecord,
  type MachineSetStatus,
} from '../../core/production';
import type { DbBoolean, DbJson } from '../db/schema';
import { parseJson, toBoolean } from '../db/values';
import type { Row } from '../http/rest-resource';

const nullableNumber = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
const nullableText = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

export function toMachineSetRecord(row: Row): MachineSetRecord {
  return {
    id: Number(row.id),
    mandant_id: Number(row.mandant_id),
    name: String(row.name),
    version_label: String(row.version_label),
    status: row.status as MachineSetStatus,
    based_on_id: nullableNumber(row.based_on_id),
    current: toBoolean(row.current as DbBoolean),
    electricity_factor: nullableNumber(row.electricity_factor),
    electricity_supplier: String(row.electricity_supplier ?? ''),
    electricity_source: String(row.electricity_source ?? ''),
    electricity_year: nullableNumber(row.electricity_year),
    electricity_region: nullableText(row.electricity_region),
    published_at: nullableText(row.published_at),
    created_at: String(row.created_at),
    updated_at: String(row.updated_at),
    version: Number(row.version),
  };
}

export function toMachineRecord(row: Row): MachineRecord {
  return {
    id: Number(row.id),
    mandant_id: Number(row.mandant_id),
    set_id: Number(row.set_id),
    key: String(row.key),
    kind: row.kind as MachineKind,
    name: String(row.name),
    figures: parseJson<MachineFigures>(row.figures as DbJson, {}),
    created_at: String(row.created_at),
    updated_at: String(row.updated_at),
    version: Number(row.version),
  };
}

export const machineSetRecordSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    mandant_id: { type: 'integer' },
    name: { type: 'string' },
    version_label: { type: 'string' },
    status: { type: 'string' },
    based_on_id: { type: ['integer', 'null'] },
    current: { type: 'boolean' },
    electricity_factor: { type: ['number', 'null'] },
    electricity_supplier: { type: 'string' },
    electricity_source: { type: 'string' },
    electricity_year: { type: ['integer', 'null'] },
    electricity_region: { type: ['string', 'null'] },
    published_at: { type: ['string', 'null'] },
    created_at: { type: 'string' },
    updated_at: { type: 'string' },
    version: { type: 'integer' },
  },
  required: ['id', 'mandant_id', 'name', 'version_label', 'status', 'based_on_id', 'current', 'electricity_factor', 'electricity_supplier', 'electricity_source', 'electricity_year', 'electricity_region', 'published_at', 'created_at', 'updated_at', 'version'],
} as const;

const figureRecordSchema = {
  type: 'object',
  properties: { value: { type: 'number' }, source: { type: 'string' }, year: { type: ['integer', 'null'] } },
};

export const machineRecordSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    mandant_id: { type: 'integer' },
    set_id: { type: 'integer' },
    key: { type: 'string' },
    kind: { type: 'string' },
    name: { type: 'string' },
    figures: { type: 'object', properties: Object.fromEntries(MACHINE_FIGURE_NAMES.map((name) => [name, figureRecordSchema])) },
    created_at: { type: 'string' },
    updated_at: { type: 'string' },
    version: { type: 'integer' },
  },
  required: ['id', 'mandant_id', 'set_id', 'key', 'kind', 'name', 'figures', 'created_at', 'updated_at', 'version'],
} as const;
