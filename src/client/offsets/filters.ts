/** The catalogue's filters, applied in the browser: the catalogue is small and fully loaded. */
import type { OffsetProjectRecord } from '../../core/api';

export interface ProjectFilters {
  type: string;
  standard: string;
  country: string;
  /** Price per tonne in major units as typed ('' = no bound). */
  minPrice: string;
  maxPrice: string;
}

export const NO_FILTERS: ProjectFilters = { type: '', standard: '', country: '', minPrice: '', maxPrice: '' };

function bound(text: string): number | null {
  const n = Number(text.replace(',', '.'));
  return text.trim() === '' || !Number.isFinite(n) ? null : n;
}

export function filterProjects(
  projects: readonly OffsetProjectRecord[],
  filters: ProjectFilters,
  majorOf: (p: OffsetProjectRecord) => number,
): OffsetProjectRecord[] {
  const min = bound(filters.minPrice);
  const max = bound(filters.maxPrice);
  return projects.filter(
    (p) =>
      (!filters.type || p.project_type === filters.type) &&
      (!filters.standard || p.standard === filters.standard) &&
      (!filters.country || p.country === filters.country) &&
      (min === null || majorOf(p) >= min) &&
      (max === null || majorOf(p) <= max),
  );
}

export const distinct = (values: readonly string[]): string[] =>
  [...new Set(values)].sort((a, b) => a.localeCompare(b));
