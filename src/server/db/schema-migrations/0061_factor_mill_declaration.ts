/**
 * Issue 33, item 1: a mandant records a paper from its mill's own declaration (Paper Profile, EPD or CEPI
 * declaration). The declaration's kind marks the factor as the mill's primary data; its biogenic CO2 is kept apart
 * because it is reported beside the total, never added to it; whether the mill's figure includes delivery to the
 * printer is stated in the report. All null on existing factors: not declared by a mill.
 */
import type { MigrationDb } from './columns';

const COLUMNS = [
  ['declaration_kind', 'text'],
  ['biogenic_co2', 'double precision'],
  ['delivery_included', 'boolean'],
] as const;

export async function up(db: MigrationDb): Promise<void> {
  for (const [name, type] of COLUMNS) await db.schema.alterTable('factors').addColumn(name, type).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const [name] of [...COLUMNS].reverse()) await db.schema.alterTable('factors').dropColumn(name).execute();
}
