/** Rows of factor_databases and factors → API records (booleans and JSON normalised for both dialects). */
import type { FactorDatabaseRecord, FactorDatabaseStatus, FactorRecord } from '../../core/api';
import {
  DATA_TYPES,
  DEFAULT_DATA_TYPE,
  DECLARATION_KINDS,
  DEFAULT_TECHNOLOGY,
  TECHNOLOGIES,
  type DeclarationKind,
  type DataType,
  type Technology,
} from '../../core/data-quality';
import type { LocalizedText } from '../../core/languages';
import { parseJson, toBoolean } from '../db/values';
import type { DbBoolean, DbJson } from '../db/schema';

type Row = Record<string, unknown>;

const nullableNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value));

export function toFactorDatabaseRecord(row: Row): FactorDatabaseRecord {
  return {
    id: Number(row.id),
    mandant_id: nullableNumber(row.mandant_id),
    name: String(row.name),
    version_label: String(row.version_label),
    status: row.status as FactorDatabaseStatus,
    valid_from: row.valid_from === null || row.valid_from === undefined ? null : String(row.valid_from),
    source: String(row.source ?? ''),
    based_on_id: nullableNumber(row.based_on_id),
    demo: toBoolean(row.demo as DbBoolean),
    gwp_set: String(row.gwp_set ?? ''),
    rolled_out_at: row.rolled_out_at === null || row.rolled_out_at === undefined ? null : String(row.rolled_out_at),
    created_at: String(row.created_at),
    updated_at: String(row.updated_at),
    version: Number(row.version),
  };
}

const NO_LABEL: LocalizedText = { de: '', en: '', fr: '', it: '', es: '' };

export const toFactorLabel = (value: unknown): LocalizedText => parseJson<LocalizedText>(value as DbJson, NO_LABEL);

export function toFactorRecord(row: Row): FactorRecord {
  return {
    id: Number(row.id),
    database_id: Number(row.database_id),
    key: String(row.key),
    category: String(row.category),
    unit: String(row.unit),
    value: Number(row.value),
    label: toFactorLabel(row.label),
    source: String(row.source ?? ''),
    year: nullableNumber(row.year),
    region: row.region === null || row.region === undefined ? null : String(row.region),
    demo: toBoolean(row.demo as DbBoolean),
    data_type: DATA_TYPES.includes(row.data_type as DataType) ? (row.data_type as DataType) : DEFAULT_DATA_TYPE,
    technology: TECHNOLOGIES.includes(row.technology as Technology)
      ? (row.technology as Technology)
      : DEFAULT_TECHNOLOGY,
    declaration_kind: DECLARATION_KINDS.includes(row.declaration_kind as DeclarationKind)
      ? (row.declaration_kind as DeclarationKind)
      : null,
    biogenic_co2: nullableNumber(row.biogenic_co2),
    delivery_included:
      row.delivery_included === null || row.delivery_included === undefined
        ? null
        : toBoolean(row.delivery_included as DbBoolean),
  };
}
