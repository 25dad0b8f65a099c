/**
 * Field-level diff of two API records for the protocol: `{field: {old, new}}`. Nested plain objects
 * (settings, template inputs) are compared per key (`settings.logo_url`), arrays as a whole.
 * Secrets never reach it: the records are API records (toRecord strips password hashes), and a
 * written column the record does not show is noted as `{redacted: true}` without its values.
 */
import type { ProtocolChanges } from '../../core/api';
import { ownValue, setOwnValue } from '../http/own-key';

/** Bookkeeping every versioned record changes on every write; noise in a diff. */
export const BOOKKEEPING_FIELDS: readonly string[] = ['created_at', 'updated_at', 'version', 'updated_by'];

const MAX_DEPTH = 3;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

function walk(path: string, before: unknown, after: unknown, depth: number, out: ProtocolChanges): void {
  if (same(before, after)) return;
  if (depth < MAX_DEPTH && isPlainObject(before) && isPlainObject(after)) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      walk(`${path}.${key}`, ownValue(before, key), ownValue(after, key), depth + 1, out);
    }
    return;
  }
  setOwnValue<ProtocolChanges[string]>(out, path, { old: before ?? null, new: after ?? null });
}

export interface DiffOptions {
  /** Fields left out (default: BOOKKEEPING_FIELDS). */
  ignore?: readonly string[];
  /** Columns the write set; those missing from the records are secrets and noted as redacted. */
  writtenColumns?: readonly string[];
}

/** The public name of a secret column: `password_hash` → `password`. */
export function secretFieldName(column: string): string {
  return column.replace(/_(hash|digest|secret)$/, '');
}

export function diffRecords(previous: object, next: object, options: DiffOptions = {}): ProtocolChanges {
  const ignore = new Set(options.ignore ?? BOOKKEEPING_FIELDS);
  const before = previous as Record<string, unknown>;
  const after = next as Record<string, unknown>;
  const out: ProtocolChanges = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (!ignore.has(key)) walk(key, ownValue(before, key), ownValue(after, key), 1, out);
  }
  for (const column of options.writtenColumns ?? []) {
    if (!Object.hasOwn(after, column) && !ignore.has(column))
      setOwnValue<ProtocolChanges[string]>(out, secretFieldName(column), { redacted: true });
  }
  return out;
}
