/**
 * Whether calculations shown side by side (a comparison, a collection and its report) rest on different bases: a
 * different factor database, another version of the same template, or a different system boundary. Their figures
 * are then not like for like, and every place that puts them together says so (issue 33, item 6). Pure: the server's
 * report and the client's pages call the same function.
 */

/** What of a calculation decides its basis. */
export interface CalculationBasis {
  database_id: number;
  template_id: string;
  template_version: number;
  /** The template's system boundary in one fixed language; undefined: the template states none. */
  systemBoundary?: string;
}

export const MIXED_BASES = ['databases', 'templateVersions', 'systemBoundaries'] as const;
export type MixedBasis = (typeof MIXED_BASES)[number];

/** The bases that differ among `calculations`, in the order of MIXED_BASES; empty when they are like for like. */
export function mixedBases(calculations: readonly CalculationBasis[]): MixedBasis[] {
  const databases = new Set(calculations.map((calculation) => calculation.database_id));
  const versions = new Map<string, Set<number>>();
  for (const calculation of calculations) {
    const seen = versions.get(calculation.template_id) ?? new Set<number>();
    seen.add(calculation.template_version);
    versions.set(calculation.template_id, seen);
  }
  const boundaries = new Set(calculations.map((calculation) => calculation.systemBoundary ?? ''));
  const mixed: MixedBasis[] = [];
  if (databases.size > 1) mixed.push('databases');
  if ([...versions.values()].some((seen) => seen.size > 1)) mixed.push('templateVersions');
  if (boundaries.size > 1) mixed.push('systemBoundaries');
  return mixed;
}
