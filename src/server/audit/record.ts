/**
 * Writing protocol entries. `recordProtocol` is the one insert; callers pass the transaction of the
 * change they record, so the change and its entry commit or roll back together.
 */
import type { Kysely } from 'kysely';
import {
  ProtocolEntryRecord,
  type ProtocolAction,
  type ProtocolChanges,
  type ProtocolSummary,
  type SessionUser,
} from '../../core/api';
import type { DatabaseSchema } from '../db/schema';
import { isoNow, recordOfRow } from '../db/values';
import './table';

/** Who acted: a signed-in user, or only an e-mail address (failed sign-in), or nobody (system work). */
export interface ProtocolActor {
  id: number | null;
  email: string | null;
  name: string | null;
}

export interface ProtocolEntryInput {
  action: ProtocolAction;
  /** API resource name (`users`, `calculations`, …) or `auth` for sign-in events. */
  resource: string | null;
  recordId?: string | number | null;
  recordLabel?: string | null;
  /** The mandant whose users may read the entry; null: provider admins only. */
  mandantId: number | null;
  actor: ProtocolActor | null;
  summary?: ProtocolSummary;
  changes?: ProtocolChanges | null;
  ip?: string | null;
  /** Default: now. */
  at?: string;
}

export function actorOf(user: SessionUser): ProtocolActor {
  return { id: user.id, email: user.email, name: user.name };
}

/** Texts are capped so a huge field value cannot bloat the log (the record itself keeps the full value). */
const MAX_LABEL = 500;

function capped(text: string | null | undefined, max = MAX_LABEL): string | null {
  if (text === null || text === undefined) return null;
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Inserts one entry through `db` — pass the transaction of the change it records. Answers its id. */
export async function recordProtocol(db: Kysely<DatabaseSchema>, entry: ProtocolEntryInput): Promise<number> {
  const changes = entry.changes && Object.keys(entry.changes).length > 0 ? JSON.stringify(entry.changes) : null;
  const row = await db
    .insertInto('protocol')
    .values({
      at: entry.at ?? isoNow(),
      mandant_id: entry.mandantId,
      user_id: entry.actor?.id ?? null,
      user_email: capped(entry.actor?.email),
      user_name: capped(entry.actor?.name),
      action: entry.action,
      resource: entry.resource,
      record_id: entry.recordId === null || entry.recordId === undefined ? null : String(entry.recordId),
      record_label: capped(entry.recordLabel),
      summary: JSON.stringify(entry.summary ?? {}),
      changes,
      ip: capped(entry.ip, 100),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export const toProtocolEntryRecord = recordOfRow(ProtocolEntryRecord, { summary: () => ({}) });
