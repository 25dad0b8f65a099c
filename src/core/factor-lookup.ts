/**
 * The formula engine's view of a factor database: its factors by key. The server computes with it and the client's
 * live preview with the same, so both read a factor alike.
 */
import type { FactorRecord } from './api';
import type { FactorInfo, FactorLookup } from './template';

export function factorLookupOf(factors: readonly FactorRecord[]): FactorLookup {
  // One FactorInfo per factor, made once: formulas read a factor for every row of an import or migration.
  const byKey = new Map<string, FactorInfo>();
  for (const factor of factors) {
    byKey.set(factor.key, {
      key: factor.key,
      value: factor.value,
      unit: factor.unit,
      source: factor.source,
      label: factor.label,
      year: factor.year,
      region: factor.region,
      data_type: factor.data_type,
      technology: factor.technology,
      declaration_kind: factor.declaration_kind,
      biogenic_co2: factor.biogenic_co2,
      delivery_included: factor.delivery_included,
    });
  }
  return (key) => byKey.get(key);
}
