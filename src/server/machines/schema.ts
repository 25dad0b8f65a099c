/** Table types of the production data (migration 0022), merged into the shared schema (see db/schema.ts). */
import type { Generated } from 'kysely';
import type { MachineKind, MachineSetStatus, SiteAllocationKey } from '../../core/production';
import type { DbBoolean, DbJson } from '../db/schema';

export interface MachineSetsTable {
  id: Generated<number>;
  mandant_id: number;
  name: string;
  version_label: string;
  status: MachineSetStatus;
  based_on_id: number | null;
  current: DbBoolean;
  electricity_factor: number | null;
  electricity_supplier: string;
  electricity_source: string;
  electricity_year: number | null;
  electricity_region: string | null;
  electricity_go_share: number | null;
  electricity_residual_factor: number | null;
  electricity_residual_source: Generated<string>;
  electricity_location_factor: number | null;
  electricity_location_source: Generated<string>;
  site_kg_co2e: number | null;
  site_allocation_key: SiteAllocationKey | null;
  site_annual_amount: number | null;
  site_source: Generated<string>;
  site_year: number | null;
  published_at: string | null;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
}

export interface MachinesTable {
  id: Generated<number>;
  mandant_id: number;
  set_id: number;
  key: string;
  kind: MachineKind;
  name: string;
  /** MachineFigures */
  figures: DbJson;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
}

declare module '../db/schema' {
  interface DatabaseSchema {
    machine_sets: MachineSetsTable;
    machines: MachinesTable;
  }
}
