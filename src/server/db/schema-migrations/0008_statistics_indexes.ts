/**
 * Indexes for the statistics. Every calculation statistic filters one mandant and a range of
 * created_at and sums total_co2e per month, template or customer; each index below covers one of
 * those shapes, so the database aggregates from the index alone (no table row is read):
 * per month and the totals walk (mandant, created_at); per template and per customer walk the
 * groups in order with the range checked inside the index entry. The tag statistic reads one
 * mandant's tag rows (calculation id and tag from the same index entry) and joins them by id.
 */
import type { MigrationDb } from './columns';
import { createIndexOn } from './building-blocks';

const INDEXES: Record<string, [table: string, columns: string[]]> = {
  calculations_stats_idx: ['calculations', ['mandant_id', 'created_at', 'total_co2e', 'template_id', 'customer']],
  calculations_stats_template_idx: ['calculations', ['mandant_id', 'template_id', 'created_at', 'total_co2e']],
  calculations_stats_customer_idx: ['calculations', ['mandant_id', 'customer', 'created_at', 'total_co2e']],
  calculation_tags_stats_idx: ['calculation_tags', ['mandant_id', 'calculation_id', 'tag']],
};

export async function up(db: MigrationDb): Promise<void> {
  for (const [name, [table, columns]] of Object.entries(INDEXES)) {
    await createIndexOn(db, table, name, columns);
  }
}

export async function down(db: MigrationDb): Promise<void> {
  for (const name of Object.keys(INDEXES).reverse()) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
}
