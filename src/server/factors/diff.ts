/** What changed between two factor databases, matched by factor key. */
import type { FactorDatabaseRecord, FactorDiffChange, FactorDatabaseDiff, FactorRecord } from '../../core/api';

/** What a factor's record says about its figure: a change of any of them is a change a report would cite. */
const ATTRIBUTES = ['value', 'unit', 'source', 'year', 'region', 'category', 'data_type', 'technology'] as const;

export function diffFactors(
  from: FactorDatabaseRecord,
  to: FactorDatabaseRecord,
  oldFactors: FactorRecord[],
  newFactors: FactorRecord[],
): FactorDatabaseDiff {
  const before = new Map(oldFactors.map((factor) => [factor.key, factor]));
  const after = new Map(newFactors.map((factor) => [factor.key, factor]));
  const changed: FactorDiffChange[] = [];
  for (const factor of newFactors) {
    const old = before.get(factor.key);
    if (!old) continue;
    const attributes = ATTRIBUTES.filter((name) => (old[name] ?? null) !== (factor[name] ?? null)).map((name) => ({
      name,
      old: old[name] ?? null,
      new: factor[name] ?? null,
    }));
    if (attributes.length === 0) continue;
    changed.push({
      key: factor.key,
      category: factor.category,
      unit: factor.unit,
      old: old.value,
      new: factor.value,
      percent: old.value === 0 ? null : ((factor.value - old.value) / Math.abs(old.value)) * 100,
      attributes,
    });
  }
  return {
    from,
    to,
    added: newFactors.filter((factor) => !before.has(factor.key)),
    removed: oldFactors.filter((factor) => !after.has(factor.key)),
    changed,
  };
}
