/**
 * Looking up a key the client chose (a sort field, a filter key, a body key) in a plain object.
 * `columns[key]` would also find what every object inherits — `constructor`, `toString`,
 * `__proto__` — and treat it as a column; these helpers only see the object's own entries.
 */

/** The value stored under `key` in `record` itself; undefined for inherited names such as "constructor". */
export function ownValue<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/**
 * Stores `value` under `key` as an own property, even for "__proto__" (a plain assignment would
 * replace the object's prototype instead of adding an entry).
 */
export function setOwnValue<T>(record: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}
