/** Row → `OrderRecord`, and the record's JSON schema. */
import type { OrderRecord, OrderStatus } from '../../core/api';
import type { DbJson } from '../db/schema';
import { parseJson } from '../db/values';
import type { Row } from '../http/rest-resource';

const nullableNumber = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
const nullableString = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

export function toOrderRecord(row: Row): OrderRecord {
  return {
    id: Number(row.id),
    mandant_id: Number(row.mandant_id),
    number: String(row.number),
    project_id: Number(row.project_id),
    calculation_id: nullableNumber(row.calculation_id),
    collection_id: nullableNumber(row.collection_id),
    calculation_ids: parseJson<number[]>(row.calculation_ids as DbJson, []),
    co2e_kg: Number(row.co2e_kg),
    tonnes_kg: Number(row.tonnes_kg),
    price_per_tonne_minor: Number(row.price_per_tonne_minor),
    total_minor: Number(row.total_minor),
    currency: String(row.currency),
    status: row.status as OrderStatus,
    certificate_number: nullableString(row.certificate_number),
    issued_to: String(row.issued_to),
    created_by: nullableNumber(row.created_by),
    placed_at: nullableString(row.placed_at),
    completed_at: nullableString(row.completed_at),
    created_at: String(row.created_at),
    updated_at: String(row.updated_at),
    version: Number(row.version),
  };
}

const nullableInt = { type: ['integer', 'null'] };
const nullableText = { type: ['string', 'null'] };

export const orderRecordSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    mandant_id: { type: 'integer' },
    number: { type: 'string' },
    project_id: { type: 'integer' },
    calculation_id: nullableInt,
    collection_id: nullableInt,
    calculation_ids: { type: 'array', items: { type: 'integer' } },
    co2e_kg: { type: 'number' },
    tonnes_kg: { type: 'integer' },
    price_per_tonne_minor: { type: 'integer' },
    total_minor: { type: 'integer' },
    currency: { type: 'string' },
    status: { type: 'string' },
    certificate_number: nullableText,
    issued_to: { type: 'string' },
    created_by: nullableInt,
    placed_at: nullableText,
    completed_at: nullableText,
    created_at: { type: 'string' },
    updated_at: { type: 'string' },
    version: { type: 'integer' },
  },
} as const;

/** `GET /api/orders/quote` (OrderQuote in core/api.ts). */
export const orderQuoteSchema = {
  type: 'object',
  properties: {
    calculation_ids: { type: 'array', items: { type: 'integer' } },
    co2e_kg: { type: 'number' },
    tonnes_kg: { type: 'number' },
    rounding_kg: { type: 'number' },
    price_per_tonne_minor: { type: 'integer' },
    total_minor: { type: 'integer' },
    currency: { type: 'string' },
    issued_to: { type: 'string' },
  },
  required: ['calculation_ids', 'co2e_kg', 'tonnes_kg', 'rounding_kg', 'price_per_tonne_minor', 'total_minor', 'currency', 'issued_to'],
} as const;
