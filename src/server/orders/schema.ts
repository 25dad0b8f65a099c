/** Table types of orders, merged into the shared schema (see db/schema.ts). */
import type { ColumnType, Generated } from 'kysely';
import type { OrderStatus } from '../../core/api';
import type { DbJson } from '../db/schema';

export interface OrdersTable {
  id: Generated<number>;
  mandant_id: number;
  number: string;
  project_id: number;
  calculation_id: number | null;
  collection_id: number | null;
  /** number[] */
  calculation_ids: DbJson;
  co2e_kg: number;
  /** bigint columns: PostgreSQL answers them as strings. */
  tonnes_kg: number | string;
  price_per_tonne_minor: number;
  total_minor: number | string;
  currency: string;
  status: OrderStatus;
  certificate_number: string | null;
  /** The registry serial numbers of the retired units, as the registry issued them; null: none recorded. */
  registry_serials: string | null;
  issued_to: string;
  created_by: number | null;
  placed_at: string | null;
  completed_at: string | null;
  /** Where it came from: `storefront:<id>` (migration 0067), null for the back office. */
  channel: ColumnType<string | null, string | null | undefined, string | null>;
  /** The shop's own order reference, with a channel. */
  channel_reference: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
}

export interface OrderCountersTable {
  mandant_id: number;
  year: number;
  last: number;
}

declare module '../db/schema' {
  interface DatabaseSchema {
    orders: OrdersTable;
    order_counters: OrderCountersTable;
  }
}
