/**
 * The registry serial numbers of the units retired for an order (issue 33, item 6): a certificate names the project
 * and the tonnes retired, and the serial numbers where the registry issues them, so a reader can look the retirement
 * up. Recorded by the provider once the order is confirmed or completed; null: none recorded.
 */
import type { MigrationDb } from './columns';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('orders').addColumn('registry_serials', 'text').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('registry_serials').execute();
}
