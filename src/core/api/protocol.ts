/** The protocol (audit log). Append-only: written by the server, read through `GET /api/protocol`. */

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

/** An entry as `GET /api/protocol` answers it. */
export interface ProtocolEntryRecord {
  id: number;
  /** ISO 8601 UTC. */
  at: string;
  /** The mandant the entry belongs to (null: provider-level, visible to provider admins only). */
  mandant_id: number | null;
  /** The acting user (null for failed sign-ins and system work); name and e-mail as they were then. */
  user_id: number | null;
  user_email: string | null;
  user_name: string | null;
  action: ProtocolAction;
  /** Resource name as in the API (`users`, `calculations`, …) or `auth` for sign-in events. */
  resource: string | null;
  record_id: string | null;
  record_label: string | null;
  summary: ProtocolSummary;
  changes: ProtocolChanges | null;
  ip: string | null;
  /**
   * Names of the records the entry's changes point at by id (users, factor databases, mandants), resolved
   * when read and only those the reader may see; the protocol renders them in place of the ids.
   */
  refs?: ProtocolRefs;
}

/** Record id → name, per kind of record (`GET /api/protocol`). */
export interface ProtocolRefs {
  users?: Record<string, string>;
  databases?: Record<string, string>;
  mandants?: Record<string, string>;
}
