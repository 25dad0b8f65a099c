/**
 * Table types of the storefronts (migration 0060), merged into the shared schema (see db/schema.ts). The storefronts
 * table itself is typed there, beside the tables every module may read: lower modules name a storefront's channel.
 */
import type { Generated } from 'kysely';
import type { DbJson } from '../db/schema';

/** A storefront's secret key (migration 0067): its SHA-256 only. */
export interface StorefrontSecretKeysTable {
  id: Generated<number>;
  storefront_id: number;
  mandant_id: number;
  name: string;
  key_hash: string;
  /** The key's last four characters. */
  hint: string;
  created_by: number | null;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** One Idempotency-Key of a storefront's orders (migration 0067) and the answer it got. */
export interface StorefrontIdempotencyTable {
  id: Generated<number>;
  storefront_id: number;
  idempotency_key: string;
  /** SHA-256 (hex) of the request body, to tell a retry from a different order under the same key. */
  body_hash: string;
  status_code: number;
  /** StorefrontOrder; null until the order's transaction writes it (never seen outside it). */
  response: DbJson | null;
  created_at: string;
}

/** A storefront's webhook endpoint (migration 0068): the signing secret as it is, since HMAC signs with it. */
export interface StorefrontWebhooksTable {
  id: Generated<number>;
  storefront_id: number;
  mandant_id: number;
  url: string;
  secret: string;
  /** The secret's last four characters. */
  hint: string;
  created_by: number | null;
  created_at: string;
}

/** One event's delivery to one endpoint (migration 0068). */
export interface StorefrontWebhookDeliveriesTable {
  id: Generated<number>;
  webhook_id: number;
  storefront_id: number;
  mandant_id: number;
  event_id: string;
  event_type: string;
  /** The exact JSON body every attempt sends. */
  payload: string;
  /** 'pending' | 'delivered' | 'failed' (given up after the last attempt). */
  status: string;
  attempts: number;
  /** When the next attempt is due; null once delivered or given up. */
  next_attempt_at: string | null;
  /** A server process's lease on the row while it sends. */
  claimed_until: string | null;
  last_attempt_at: string | null;
  response_code: number | null;
  /** At most 2 KB of the last response's body. */
  response_body: string | null;
  /** Why the last attempt got no answer: 'timeout' | 'network' | 'redirect'. */
  error: string | null;
  created_at: string;
}

declare module '../db/schema' {
  interface DatabaseSchema {
    storefronts: StorefrontsTable;
    storefront_secret_keys: StorefrontSecretKeysTable;
    storefront_idempotency: StorefrontIdempotencyTable;
    storefront_webhooks: StorefrontWebhooksTable;
    storefront_webhook_deliveries: StorefrontWebhookDeliveriesTable;
  }
}
