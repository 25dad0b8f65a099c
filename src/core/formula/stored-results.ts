/**
 * How a calculation's results are stored versus how the API shows them.
 *
 * A result's label (five languages), unit and formula belong to the template version, which
 * never changes once a calculation uses it; a factor's label (five languages) and source text
 * belong to the factor database, which is published — and from then on immutable — before any
 * calculation can use it. Storing them with every calculation made each row ~5 KB, of which all
 * but a few hundred bytes repeated the template and the database; every import, migration and
 * rollback wrote that repetition 100,000 times. The stored form keeps what is particular to the
 * calculation — the values, every factor used with the value and unit it was computed with
 * (the figure that traces, kept even should the database's row ever read differently), which
 * factors each result read and the database — and the rest is filled in when a record is read:
 * the breakdown from the template version, labels and sources from the factor database.
 *
 * Store references, not copies (issue 38, item 2): a published factor database version never changes (only drafts
 * are edited; a draft is deleted, never a published or archived version), so a calculation on one names each factor
 * it read by its key only — the database is named once in `database` — and value, unit, source, year, region, label
 * and data quality are all read from that version when the calculation is shown or reported. A calculation on a
 * draft database (which may still change) keeps copies of value, unit, year and region as before. Machine and energy
 * figures stay copied whole (`production`): they are few, and a calculation keeps the figure it computed with.
 * Rows of every older form read as they did.
 */
import type { CalculationResults } from '../api';
import type { LocalizedText } from '../languages';
import type { FactorInfo, Template } from '../template/types';
import { getCompiledTemplate } from '../template/compile';
import type { ProductionUse } from '../production';
import type { FactorUse, ResultBreakdown } from './compute';

/** A factor as stored: rows written before labels and sources moved out still carry them. */
export interface StoredFactor {
  key: string;
  value: number;
  unit: string;
  source?: string;
  label?: LocalizedText;
  /** Absent in rows written before year and region were kept: read as unknown. */
  year?: number | null;
  region?: string | null;
}

/**
 * A factor of a calculation stored on a published (immutable) database: its key alone, everything else is read from
 * that version.
 */
export type FactorReference = string;

export interface StoredResults {
  values: Record<string, number>;
  primary: string;
  factors: (StoredFactor | FactorReference)[];
  database: CalculationResults['database'];
  /** Result name → keys of the factors its own formula read (only results that read any). */
  factor_keys: Record<string, string[]>;
  /**
   * Machine and energy figures read, kept whole (source and year too): a machine set is small and the figure a
   * calculation cites must not change should the set ever read differently.
   */
  production?: ProductionUse[];
  /** Result name → refs of the production figures its own formula read. */
  production_refs?: Record<string, string[]>;
  machine_set?: CalculationResults['machine_set'];
}

/** A factor's descriptive texts in the calculation's factor database (undefined: not found there). */
export type FactorDetails = (key: string) =>
  | (Pick<FactorInfo, 'declaration_kind' | 'biogenic_co2' | 'delivery_included'> & {
      source: string;
      /** The figure as the database version holds it (read for a stored reference). */
      value?: number;
      unit?: string;
      year?: number | null;
      region?: string | null;
      label?: LocalizedText;
      data_type?: string;
      technology?: string;
    })
  | undefined;

/** Rows written before the compact form still hold the full results, breakdown included. */
export type StoredForm = StoredResults | CalculationResults;

export interface StoreOptions {
  /**
   * The calculation's factor database is published (or archived): immutable, so factors are stored as references
   * (their keys). False for a draft database, whose factors may still change: value, unit, year and region are copied.
   */
  references?: boolean;
}

export function toStoredResults(results: CalculationResults, options: StoreOptions = {}): StoredResults {
  const factorKeys: Record<string, string[]> = {};
  for (const entry of results.breakdown) {
    if (entry.factors.length > 0) factorKeys[entry.name] = entry.factors.map((factor) => factor.key);
  }
  const stored: StoredResults = {
    values: results.values,
    primary: results.primary,
    // Year and region stay with the calculation, as value and unit do: they say what the figure it computed with stood for.
    factors: options.references
      ? results.factors.map((factor) => factor.key)
      : results.factors.map((factor) => ({
          key: factor.key,
          value: factor.value,
          unit: factor.unit,
          year: factor.year,
          region: factor.region,
        })),
    database: results.database,
    factor_keys: factorKeys,
  };
  if (results.production?.length) {
    const refs: Record<string, string[]> = {};
    for (const entry of results.breakdown)
      if (entry.production?.length) refs[entry.name] = entry.production.map((use) => use.ref);
    Object.assign(stored, { production: results.production, production_refs: refs, machine_set: results.machine_set });
  }
  return stored;
}

/** The data quality of a factor as the database describes it: every row reads it there, as it reads the label. */
function withDataQuality(use: FactorUse, described: ReturnType<FactorDetails>): FactorUse {
  if (described?.data_type !== undefined) use.data_type = described.data_type;
  if (described?.technology !== undefined) use.technology = described.technology;
  if (described?.declaration_kind) {
    use.declaration_kind = described.declaration_kind;
    use.biogenic_co2 = described.biogenic_co2 ?? null;
    use.delivery_included = described.delivery_included ?? null;
  }
  return use;
}

/** A referenced factor: all of it as the (immutable) database version holds it, as computeResults cited it. */
function referencedFactorUse(key: string, details: FactorDetails | undefined): FactorUse {
  const described = details?.(key);
  const use: FactorUse = {
    key,
    value: described?.value ?? 0,
    unit: described?.unit ?? '',
    source: described?.source ?? '',
  };
  if (described?.label) use.label = described.label;
  if (described?.year !== undefined) use.year = described.year;
  if (described?.region !== undefined) use.region = described.region;
  return withDataQuality(use, described);
}

function toFactorUse(stored: StoredFactor | FactorReference, details: FactorDetails | undefined): FactorUse {
  if (typeof stored === 'string') return referencedFactorUse(stored, details);
  // Data quality is read from the database for every row: it describes the factor, as its label does.
  const described = details?.(stored.key);
  const found = stored.source === undefined ? described : undefined;
  const use: FactorUse = {
    key: stored.key,
    value: stored.value,
    unit: stored.unit,
    source: stored.source ?? found?.source ?? '',
  };
  if (stored.year !== undefined) use.year = stored.year;
  if (stored.region !== undefined) use.region = stored.region;
  const label = stored.label ?? found?.label;
  if (label) use.label = label;
  return withDataQuality(use, described);
}

/**
 * The API form of stored results. `template` is the calculation's template version; without it
 * (a version no longer loadable) the breakdown is empty but values, factors and database remain.
 * `details` answers the labels and sources of the stored database's factors.
 */
export function fromStoredResults(
  stored: StoredForm,
  template: Template | undefined,
  details?: FactorDetails,
): CalculationResults {
  if ('breakdown' in stored && Array.isArray(stored.breakdown)) return stored;
  const compact = stored as StoredResults;
  const factors = (compact.factors ?? []).map((factor) => toFactorUse(factor, details));
  const base: Omit<CalculationResults, 'breakdown'> = {
    values: compact.values ?? {},
    primary: compact.primary ?? '',
    factors,
    database: compact.database,
  };
  if (compact.production?.length)
    Object.assign(base, { production: compact.production, machine_set: compact.machine_set });
  if (!template) return { ...base, breakdown: [] };
  const productionByRef = new Map((compact.production ?? []).map((use) => [use.ref, use]));
  const factorsByKey = new Map(factors.map((factor) => [factor.key, factor]));
  const compiled = getCompiledTemplate(template);
  const usesByName = new Map(compiled.results.map(({ result, uses }) => [result.name, uses]));
  const breakdown: ResultBreakdown[] = template.results
    .filter((result) => result.name in base.values)
    .map((result) => {
      const entry: ResultBreakdown = {
        name: result.name,
        label: result.label,
        unit: result.unit,
        formula: result.formula,
        value: base.values[result.name]!,
        factors: (compact.factor_keys?.[result.name] ?? []).flatMap((key) => factorsByKey.get(key) ?? []),
        uses: usesByName.get(result.name) ?? [],
        primary: result.name === base.primary,
      };
      const refs = compact.production_refs?.[result.name];
      if (refs?.length) entry.production = refs.flatMap((ref) => productionByRef.get(ref) ?? []);
      return entry;
    });
  return { ...base, breakdown };
}

/**
 * The JSON text a calculation's results are stored as (`toStoredResults`), written fast for
 * 100,000 calculations (imports, migrations). Of the stored form only the values differ from one
 * calculation to the next; the factors (with sources and labels in five languages), the database and the factor
 * keys per result repeat for every calculation that read the same factors of the same database.
 * Their JSON is kept per such signature and the rest is joined around it.
 *
 * The first calculation of every new signature is also written the plain way and compared:
 * should the stored form ever change shape without this writer following, the writer notices and
 * falls back to `JSON.stringify(toStoredResults(…))` for good.
 */
const MAX_FRAGMENTS = 1000;

/** `references`: the results' factor database is published (StoreOptions). */
export type StoredResultsWriter = (results: CalculationResults, references?: boolean) => string;

export function storedResultsWriter(): StoredResultsWriter {
  const fragments = new Map<string, string>();
  let fast = true;
  const plain = (results: CalculationResults, references: boolean) =>
    JSON.stringify(toStoredResults(results, { references }));

  return (results, references = false) => {
    // Machine figures are particular to each calculation's choice of machine: no shared fragment.
    if (!fast || results.production?.length) return plain(results, references);
    let signature = `${references ? 'r' : 'c'}\u0002${results.database.id}\u0002${results.database.name}\u0002${results.database.version_label}\u0002${results.primary}`;
    for (const factor of results.factors) signature += `\u0001${factor.key}`;
    signature += '\u0003';
    for (const entry of results.breakdown) {
      if (entry.factors.length === 0) continue;
      signature += `\u0002${entry.name}`;
      for (const factor of entry.factors) signature += `\u0001${factor.key}`;
    }
    let tail = fragments.get(signature);
    const known = tail !== undefined;
    if (!known) {
      // Bounded: a writer lives as long as its factor set, which an import or a migration keeps for every row.
      if (fragments.size >= MAX_FRAGMENTS) fragments.clear();
      const stored = toStoredResults(results, { references });
      tail = `,"primary":${JSON.stringify(stored.primary)},"factors":${JSON.stringify(stored.factors)},"database":${JSON.stringify(stored.database)},"factor_keys":${JSON.stringify(stored.factor_keys)}}`;
      fragments.set(signature, tail);
    }
    const json = `{"values":${JSON.stringify(results.values)}${tail}`;
    if (!known && json !== plain(results, references)) {
      fast = false;
      return plain(results, references);
    }
    return json;
  };
}
