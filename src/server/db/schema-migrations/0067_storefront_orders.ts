/**
 * Orders from a storefront (issue 39, items 3 and 4):
 * - storefront_secret_keys: the shop server's `kontor_sk_…` keys, stored as their SHA-256 only (as API tokens are),
 *   revocable, with their last use;
 * - storefront_idempotency: one row per (storefront, Idempotency-Key): the body's hash and the answer given, so a
 *   retry gets the same answer and never a second calculation; the unique key makes two concurrent retries wait for
 *   each other instead of both creating;
 * - calculations and orders: the channel they came through (`storefront:<id>`, null: the back office) and the shop's
 *   own order reference.
 */
import type { MigrationDb } from './columns';
import { jsonType, TIMESTAMP } from './columns';
import { createIdTable, createIndexOn, mandantReference, userReference } from './building-blocks';

export async function up(db: MigrationDb): Promise<void> {
  await createIdTable(db, 'storefront_secret_keys')
    .addColumn('storefront_id', 'integer', (c) => c.notNull().references('storefronts.id').onDelete('cascade'))
    .addColumn('mandant_id', 'integer', mandantReference('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('hint', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', userReference)
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('last_used_at', TIMESTAMP)
    .addColumn('revoked_at', TIMESTAMP)
    .execute();
  await createIndexOn(db, 'storefront_secret_keys', 'storefront_secret_keys_storefront_idx', ['storefront_id']);

  await createIdTable(db, 'storefront_idempotency')
    .addColumn('storefront_id', 'integer', (c) => c.notNull().references('storefronts.id').onDelete('cascade'))
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('body_hash', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('response', jsonType(db))
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addUniqueConstraint('storefront_idempotency_key_unique', ['storefront_id', 'idempotency_key'])
    .execute();

  for (const table of ['calculations', 'orders']) {
    await db.schema.alterTable(table).addColumn('channel', 'text').execute();
    await db.schema.alterTable(table).addColumn('channel_reference', 'text').execute();
  }
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ['calculations', 'orders']) {
    await db.schema.alterTable(table).dropColumn('channel_reference').execute();
    await db.schema.alterTable(table).dropColumn('channel').execute();
  }
  await db.schema.dropTable('storefront_idempotency').ifExists().execute();
  await db.schema.dropTable('storefront_secret_keys').ifExists().execute();
}
