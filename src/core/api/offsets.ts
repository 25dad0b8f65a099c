/**
 * Carbon offset projects (the global catalogue). Quantities are integer kilograms (0.001 t) and money is integer
 * minor units, so stock and prices are exact; the client formats them.
 */
import type { LocalizedText } from '../languages';

export const OFFSET_PROJECT_TYPES = ['cookstoves', 'wind', 'hydro', 'solar', 'forest', 'biogas', 'other'] as const;
export type OffsetProjectType = (typeof OFFSET_PROJECT_TYPES)[number];

/** A project of the global catalogue (`carbon-offset-projects`). Mandant users see active ones only. */
export interface OffsetProjectRecord {
  id: number;
  name: LocalizedText;
  description: LocalizedText;
  /** ISO 3166-1 alpha-2. */
  country: string;
  project_type: OffsetProjectType;
  /** e.g. "Gold Standard", "VCS". */
  standard: string;
  registry_id: string;
  registry_url: string | null;
  vintage: number;
  price_per_tonne_minor: number;
  /** ISO 4217, e.g. EUR. */
  currency: string;
  /** Stock in kg CO2e (1000 = one tonne). */
  tonnes_available_kg: number;
  /** UN Sustainable Development Goals (1–17). */
  sdgs: number[];
  /** Null: the client shows a local placeholder for the project type. */
  image_url: string | null;
  active: boolean;
  created_at: string;
  updated_at: string;
  version: number;
}
