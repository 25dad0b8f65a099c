/**
 * The formula engine's view of a factor database: its factors by key. The server computes with it and the client's
 * live preview with the same, so both read a factor alike.
 */
import type { FactorRecord } from './api';
import type { FactorLookup } from './template';

export function factorLookupOf(factors: readonly FactorRecord[]): FactorLookup {
  const byKey = new Map(factors.map((factor) => [factor.key, factor]));
  return (key) => {
    const factor = byKey.get(key);
    return (
      factor && {
        key: factor.key,
        value: factor.value,
        unit: factor.unit,
        source: factor.source,
        label: factor.label,
        year: factor.year,
        region: factor.region,
      }
    );
  };
}
