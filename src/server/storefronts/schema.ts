/** Table types of the storefronts (migration 0060), merged into the shared schema (see db/schema.ts). */
import type { Generated } from 'kysely';
import type { DbBoolean, DbJson } from '../db/schema';

export interface StorefrontsTable {
  id: Generated<number>;
  mandant_id: number;
  name: string;
  active: DbBoolean;
  /** StorefrontOffer[] */
  offers: DbJson;
  /** string[] */
  origins: DbJson;
  colour: string;
  logo_url: string | null;
  contribution_project_id: number | null;
  publishable_key: string;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
}

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

declare module '../db/schema' {
  interface DatabaseSchema {
    storefronts: StorefrontsTable;
    storefront_secret_keys: StorefrontSecretKeysTable;
    storefront_idempotency: StorefrontIdempotencyTable;
  }
}
