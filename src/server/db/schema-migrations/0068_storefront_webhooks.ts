/**
 * Webhooks of a storefront (issue 39, item 4):
 * - storefront_webhooks: the shop's endpoints. The signing secret is stored as it is: HMAC-SHA256 needs the key itself
 *   to sign (a hash of it cannot sign), and Kontor has no master key to wrap it with. It is shown once on creation and
 *   never answered again (the list shows its last four characters); a leaked one is replaced by deleting the endpoint
 *   and adding it again.
 * - storefront_webhook_deliveries: one row per event and endpoint: the exact body sent (so every attempt sends the same
 *   bytes), the attempts made, the status, the last response (code and at most 2 KB of its body) or fault, and when the
 *   next attempt is due. `claimed_until` is the lease a server process takes on a row before sending it, so several
 *   processes on one PostgreSQL never send one attempt twice.
 */
import type { MigrationDb } from './columns';
import { TIMESTAMP } from './columns';
import { createIdTable, createIndexOn, mandantReference, userReference } from './building-blocks';

export async function up(db: MigrationDb): Promise<void> {
  await createIdTable(db, 'storefront_webhooks')
    .addColumn('storefront_id', 'integer', (c) => c.notNull().references('storefronts.id').onDelete('cascade'))
    .addColumn('mandant_id', 'integer', mandantReference('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('hint', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', userReference)
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .execute();
  await createIndexOn(db, 'storefront_webhooks', 'storefront_webhooks_storefront_idx', ['storefront_id']);

  await createIdTable(db, 'storefront_webhook_deliveries')
    .addColumn('webhook_id', 'integer', (c) => c.notNull().references('storefront_webhooks.id').onDelete('cascade'))
    .addColumn('storefront_id', 'integer', (c) => c.notNull().references('storefronts.id').onDelete('cascade'))
    .addColumn('mandant_id', 'integer', mandantReference('cascade'))
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', TIMESTAMP)
    .addColumn('claimed_until', TIMESTAMP)
    .addColumn('last_attempt_at', TIMESTAMP)
    .addColumn('response_code', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .execute();
  await createIndexOn(db, 'storefront_webhook_deliveries', 'storefront_webhook_deliveries_due_idx', [
    'status',
    'next_attempt_at',
  ]);
  await createIndexOn(db, 'storefront_webhook_deliveries', 'storefront_webhook_deliveries_storefront_idx', [
    'storefront_id',
    'created_at',
  ]);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('storefront_webhook_deliveries').ifExists().execute();
  await db.schema.dropTable('storefront_webhooks').ifExists().execute();
}
