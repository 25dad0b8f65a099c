/**
 * The JSON text a calculation's results are stored as (`toStoredResults`), written fast for
 * 100,000 calculations. Of the stored form only the values differ from one calculation to the
 * next; the factors (with sources and labels in five languages), the database and the factor
 * keys per result repeat for every calculation that read the same factors of the same database.
 * Their JSON is kept per such signature and the rest is joined around it.
 *
 * The first calculation of every new signature is also written the plain way and compared:
 * should the stored form ever change shape without this writer following, the writer notices and
 * falls back to `JSON.stringify(toStoredResults(…))` for good.
 */
import type { CalculationResults } from '../../core/api';
import { toStoredResults } from '../../core/formula';

export type StoredResultsWriter = (results: CalculationResults) => string;

export function storedResultsWriter(): StoredResultsWriter {
  const fragments = new Map<string, string>();
  let fast = true;
  const plain = (results: CalculationResults) => JSON.stringify(toStoredResults(results));

  return (results) => {
    // Machine figures are particular to each calculation's choice of machine: no shared fragment.
    if (!fast || results.production?.length) return plain(results);
    let signature = `${results.database.id}\u0002${results.database.name}\u0002${results.database.version_label}\u0002${results.primary}`;
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
      const stored = toStoredResults(results);
      tail = `,"primary":${JSON.stringify(stored.primary)},"factors":${JSON.stringify(stored.factors)},"database":${JSON.stringify(stored.database)},"factor_keys":${JSON.stringify(stored.factor_keys)}}`;
      fragments.set(signature, tail);
    }
    const json = `{"values":${JSON.stringify(results.values)}${tail}`;
    if (!known && json !== plain(results)) {
      fast = false;
      return plain(results);
    }
    return json;
  };
}
