/**
 * Bodies → column values: JSON columns as text, unchanged columns left out. (Rows → records: recordOfRow in db/values.ts.)
 */
type Row = Record<string, unknown>;

/** The column values of the properties `keys` a body has (JSON columns as text, which both dialects accept). */
export function columnValues(body: object, keys: readonly string[], jsonColumns: ReadonlySet<string> = new Set()): Row {
  const values: Row = {};
  for (const key of keys) {
    const value = (body as Row)[key];
    if (value === undefined) continue;
    values[key] = jsonColumns.has(key) && value !== null ? JSON.stringify(value) : value;
  }
  return values;
}

/** `values` without the columns the record already holds, so the protocol diff and the version move on real changes only. */
export function changedColumns(values: Row, existing: object, jsonColumns: ReadonlySet<string> = new Set()): Row {
  const changed: Row = {};
  for (const [key, value] of Object.entries(values)) {
    const current = (existing as Row)[key];
    const stored =
      jsonColumns.has(key) && current !== null && current !== undefined ? JSON.stringify(current) : current;
    if (stored !== value) changed[key] = value;
  }
  return changed;
}
