/** The protocol (audit log). Append-only: written by the server, read through `GET /api/protocol`. */
import type { Static } from 'typebox';
import { Nullable, Opaque, StringEnum, StringMap, Type } from './schema';

export const PROTOCOL_ACTIONS = [
  'created',
  'updated',
  'duplicated',
  'deleted',
  'imported',
  'migrated',
  'ordered',
  'status_changed',
  'logged_in',
  'login_failed',
  'logged_out',
  'password_reset_requested',
  'password_reset',
  'password_changed',
  'invited',
  'resent',
  'revoked',
  'accepted',
  'published',
  'unpublished',
] as const;
export type ProtocolAction = (typeof PROTOCOL_ACTIONS)[number];

/** One changed field of an update. `redacted`: a secret (e.g. a password) changed; its values are never stored. */
export interface ProtocolFieldChange {
  old?: unknown;
  new?: unknown;
  redacted?: true;
}

/** Field name → change. Only for updates (and the like); null otherwise. */
export type ProtocolChanges = Record<string, ProtocolFieldChange>;

/**
 * The data the summary is rendered from in the READER's language (never stored as finished text):
 * the message `protocol.summary.<key ?? action>` with `params` (plus `label` and `resource`).
 */
export interface ProtocolSummary {
  key?: string;
  params?: Record<string, string | number | boolean | null>;
}

/** Record id → name, per kind of record (`GET /api/protocol`). */
const RefNames = () => Type.Optional(StringMap(Type.String()));
export const ProtocolRefs = Type.Object(
  {
    users: RefNames(),
    databases: RefNames(),
    mandants: RefNames(),
    calculations: RefNames(),
    collections: RefNames(),
    machine_sets: RefNames(),
  },
  {
    description:
      'Names of the users, factor databases, mandants, collections and machine sets and the numbers of the calculations the entry mentions by id (only those the reader may see): kind → id → name',
  },
);
export type ProtocolRefs = Static<typeof ProtocolRefs>;

/** An entry as `GET /api/protocol` answers it. */
export const ProtocolEntryRecord = Type.Object({
  id: Type.Integer(),
  /** ISO 8601 UTC. */
  at: Type.String(),
  /** The mandant the entry belongs to (null: provider-level, visible to provider admins only). */
  mandant_id: Nullable(Type.Integer()),
  /** The acting user (null for failed sign-ins and system work); name and e-mail as they were then. */
  user_id: Nullable(Type.Integer()),
  user_email: Nullable(Type.String()),
  user_name: Nullable(Type.String()),
  action: StringEnum(PROTOCOL_ACTIONS),
  /** Resource name as in the API (`users`, `calculations`, …) or `auth` for sign-in events. */
  resource: Nullable(Type.String()),
  record_id: Nullable(Type.String()),
  record_label: Nullable(Type.String()),
  summary: Opaque<ProtocolSummary>(),
  changes: Nullable(Opaque<ProtocolChanges>()),
  ip: Nullable(Type.String()),
  /**
   * Names of the records the entry's changes point at by id (users, factor databases, mandants), resolved
   * when read and only those the reader may see; the protocol renders them in place of the ids.
   */
  refs: Type.Optional(ProtocolRefs),
});
export type ProtocolEntryRecord = Static<typeof ProtocolEntryRecord>;
