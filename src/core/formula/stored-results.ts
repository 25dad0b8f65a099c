/**
 * How a calculation's results are stored versus how the API shows them.
 *
 * A result's label (five languages), unit and formula belong to the template version, which
 * never changes once a calculation uses it; storing them with every calculation made each row
 * ~5 KB of which ~4 KB repeated the template. The stored form keeps what is particular to the
 * calculation — the values, every factor used with its value and source (the traceable part,
 * which may differ between factor databases), and which factors each result read — and the
 * breakdown is rebuilt from the template version when a record is read.
 */
import type { CalculationResults } from '../api';
import type { Template } from '../template/types';
import { getCompiledTemplate } from '../template/compile';
import type { FactorUse, ResultBreakdown } from './compute';

export interface StoredResults {
  values: Record<string, number>;
  primary: string;
  factors: FactorUse[];
  database: CalculationResults['database'];
  /** Result name → keys of the factors its own formula read (only results that read any). */
  factor_keys: Record<string, string[]>;
}

/** Rows written before the compact form still hold the full results, breakdown included. */
type StoredForm = StoredResults | CalculationResults;

export function toStoredResults(results: CalculationResults): StoredResults {
  const factorKeys: Record<string, string[]> = {};
  for (const entry of results.breakdown) {
    if (entry.factors.length > 0) factorKeys[entry.name] = entry.factors.map((factor) => factor.key);
  }
  return { values: results.values, primary: results.primary, factors: results.factors, database: results.database, factor_keys: factorKeys };
}

/**
 * The API form of stored results. `template` is the calculation's template version; without it
 * (a version no longer loadable) the breakdown is empty but values, factors and database remain.
 */
export function fromStoredResults(stored: StoredForm, template: Template | undefined): CalculationResults {
  if ('breakdown' in stored && Array.isArray(stored.breakdown)) return stored;
  const compact = stored as StoredResults;
  const base = { values: compact.values ?? {}, primary: compact.primary ?? '', factors: compact.factors ?? [], database: compact.database };
  if (!template) return { ...base, breakdown: [] };
  const factorsByKey = new Map(base.factors.map((factor) => [factor.key, factor]));
  const compiled = getCompiledTemplate(template);
  const usesByName = new Map(compiled.results.map(({ result, uses }) => [result.name, uses]));
  const breakdown: ResultBreakdown[] = template.results
    .filter((result) => result.name in base.values)
    .map((result) => ({
      name: result.name,
      label: result.label,
      unit: result.unit,
      formula: result.formula,
      value: base.values[result.name]!,
      factors: (compact.factor_keys?.[result.name] ?? []).flatMap((key) => factorsByKey.get(key) ?? []),
      uses: usesByName.get(result.name) ?? [],
      primary: result.name === base.primary,
    }));
  return { ...base, breakdown };
}
