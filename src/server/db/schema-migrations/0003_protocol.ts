/**
 * The protocol (audit log). Append-only: triggers refuse UPDATE and DELETE on both dialects, so
 * not even a future route with a bug can rewrite history. No foreign keys: an entry outlives the
 * user, mandant or record it names (the names are kept as snapshots in the row).
 */
import { sql } from 'kysely';
import { dialectOf, jsonType, TIMESTAMP, type MigrationDb } from './columns';
import { createIdTable, createIndexOn } from './building-blocks';

export async function up(db: MigrationDb): Promise<void> {
  await createIdTable(db, 'protocol')
    .addColumn('at', TIMESTAMP, (c) => c.notNull())
    .addColumn('mandant_id', 'integer')
    .addColumn('user_id', 'integer')
    .addColumn('user_email', 'text')
    .addColumn('user_name', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('resource', 'text')
    .addColumn('record_id', 'text')
    .addColumn('record_label', 'text')
    .addColumn('summary', jsonType(db), (c) => c.notNull().defaultTo('{}'))
    .addColumn('changes', jsonType(db))
    .addColumn('ip', 'text')
    .execute();
  // One index per way the page reads: a mandant's entries by time, by user and action, one record's
  // history; and for provider admins (no mandant condition) by time and by user and action.
  const indexes: Record<string, string[]> = {
    protocol_mandant_at_idx: ['mandant_id', 'at'],
    protocol_mandant_user_action_at_idx: ['mandant_id', 'user_id', 'action', 'at'],
    protocol_resource_record_idx: ['resource', 'record_id', 'at'],
    protocol_at_idx: ['at'],
    protocol_user_action_at_idx: ['user_id', 'action', 'at'],
  };
  for (const [name, columns] of Object.entries(indexes)) {
    await createIndexOn(db, 'protocol', name, columns);
  }

  if (dialectOf(db) === 'postgres') {
    await sql`create function protocol_append_only() returns trigger language plpgsql as $$
      begin raise exception 'The protocol is append-only.'; end $$`.execute(db);
    await sql`create trigger protocol_no_update before update or delete on protocol
      for each row execute function protocol_append_only()`.execute(db);
  } else {
    await sql`create trigger protocol_no_update before update on protocol
      begin select raise(abort, 'The protocol is append-only.'); end`.execute(db);
    await sql`create trigger protocol_no_delete before delete on protocol
      begin select raise(abort, 'The protocol is append-only.'); end`.execute(db);
  }
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('protocol').ifExists().execute();
  if (dialectOf(db) === 'postgres') await sql`drop function if exists protocol_append_only()`.execute(db);
}
