/**
 * The protocol entry of a record change (create, update, delete, duplicate, status change …),
 * for every write path: rest-resource calls it for each resource, and routes that write on their
 * own (calculations, imports, orders …) call it with their transaction:
 *
 *   await db.transaction().execute(async (trx) => {
 *     … the write …
 *     await recordChange(trx, request, { action: 'updated', resource: 'calculations', record: updated, previous: existing });
 *   });
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { ProtocolAction, ProtocolSummary, SessionUser } from '../../core/api';
import { currentUser } from '../http/request-user';
import type { DatabaseSchema } from '../db/schema';
import { diffRecords } from './diff';
import { actorOf, recordProtocol } from './record';

export interface RecordChangeEntry<T extends { id: number | string } = { id: number | string }> {
  action: ProtocolAction;
  resource: string;
  /** The record after the change (for a delete: the deleted record), as the API returns it. */
  record: T;
  /** The record before an update; with it the entry carries the field-level diff. */
  previous?: T | null;
  /** Default: `record.mandant_id` if the record has one, else the acting user's mandant. */
  mandantId?: number | null;
  /** Default: the record's number, title, name, e-mail, slug or key. */
  label?: string | null;
  /** Columns the write set (so a secret column such as password_hash shows as changed, redacted). */
  writtenColumns?: readonly string[];
  /** Fields left out of the diff (default: created_at, updated_at, version, updated_by). */
  ignore?: readonly string[];
  /** Extra summary parameters, e.g. `{ source: 'K-2026-000001' }` for a duplicate. */
  params?: ProtocolSummary['params'];
  /** Summary message key under `protocol.summary.` (default: the action). */
  summaryKey?: string;
}

/** What a resource may adjust in the entries rest-resource writes for it (RestResourceDefinition.protocol). */
export type ProtocolOverrides = Partial<
  Pick<RecordChangeEntry, 'action' | 'label' | 'ignore' | 'params' | 'summaryKey'>
>;

/** `entry` with the overrides that are set (an override left `undefined` keeps the default). */
export function withOverrides<T extends { id: number | string }>(
  entry: RecordChangeEntry<T>,
  overrides: ProtocolOverrides = {},
): RecordChangeEntry<T> {
  const merged: RecordChangeEntry<T> = { ...entry };
  for (const [key, value] of Object.entries(overrides) as [keyof ProtocolOverrides, unknown][]) {
    if (value !== undefined) (merged as unknown as Record<string, unknown>)[key] = value;
  }
  return merged;
}

const LABEL_FIELDS = ['number', 'title', 'name', 'email', 'slug', 'key', 'label'] as const;

export function labelOf(record: object): string {
  const r = record as Record<string, unknown>;
  for (const field of LABEL_FIELDS) {
    const value = r[field];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return `#${String(r.id)}`;
}

function mandantOf(record: object, user: SessionUser): number | null {
  const r = record as Record<string, unknown>;
  if ('mandant_id' in r) return typeof r.mandant_id === 'number' ? r.mandant_id : null;
  return user.mandant_id;
}

/** Who acted and from where, as the protocol records it. */
export interface ChangeSource {
  user: SessionUser;
  ip: string | null;
}

export function sourceOf(request: FastifyRequest): ChangeSource {
  return { user: currentUser(request), ip: request.ip ?? null };
}

/** Writes the entry of one record change through `db` (the change's transaction). */
export async function recordChange<T extends { id: number | string }>(
  db: Kysely<DatabaseSchema>,
  source: FastifyRequest | ChangeSource,
  change: RecordChangeEntry<T>,
): Promise<number> {
  const { user, ip } = 'raw' in source ? sourceOf(source) : source;
  const changes = change.previous
    ? diffRecords(change.previous, change.record, { ignore: change.ignore, writtenColumns: change.writtenColumns })
    : null;
  const label = change.label ?? labelOf(change.record);
  const params: NonNullable<ProtocolSummary['params']> = { ...change.params };
  if (changes) params.fields = Object.keys(changes).length;
  return recordProtocol(db, {
    action: change.action,
    resource: change.resource,
    recordId: change.record.id,
    recordLabel: label,
    mandantId: change.mandantId !== undefined ? change.mandantId : mandantOf(change.record, user),
    actor: actorOf(user),
    summary: {
      ...(change.summaryKey && { key: change.summaryKey }),
      ...(Object.keys(params).length > 0 && { params }),
    },
    changes,
    ip,
  });
}
