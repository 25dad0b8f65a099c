/** Mandants (tenants) and their settings. */

export interface MandantSettings {
  provider_name?: string;
  logo_url?: string;
  primary_color?: string;
  certificate_name?: string;
  /** Offsets are ordered in whole steps of this many tonnes (e.g. 0.1 or 1). */
  offset_rounding_t?: number;
  default_database_id?: number | null;
}

export interface MandantRecord {
  id: number;
  name: string;
  slug: string;
  active: boolean;
  settings: MandantSettings;
  created_at: string;
  updated_at: string;
  version: number;
}
