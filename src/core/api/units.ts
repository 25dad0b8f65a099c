/** The global unit catalogue. */
import type { LocalizedText } from '../languages';

/**
 * `GET /api/units`: one word unit of the global unit catalogue (`core/template/units.ts` displays them). Everyone
 * signed in reads the catalogue; provider admins keep it. Built-in units (seeded by migration 0021; shipped templates
 * use them) cannot be deleted or renamed.
 */
export interface UnitRecord {
  id: number;
  key: string;
  label: LocalizedText;
  singular: LocalizedText | null;
  builtin: boolean;
  created_at: string;
  updated_at: string;
  version: number;
}
