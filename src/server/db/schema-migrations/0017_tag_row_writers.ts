/**
 * Cheaper bulk writes of tag rows.
 *
 * SQLite: the fill trigger of calculation_tags (0011) goes. It ran for every inserted tag row —
 * SQLite compiles a row trigger's WHEN into the trigger program and enters that program per row
 * — and cost 5–10 µs per tag row even though every writer passes the values and it never filled
 * anything: 1.1–2 s of a 100,000-calculation import with two tags each (measured, raw insert
 * 6.2–6.8 s → 4.8–5.1 s). Writers pass created_at and total_co2e (calculations/tags.ts,
 * imports/write.ts); a row written without them has NULLs and does not count in the tag statistic.
 * PostgreSQL keeps its fill: a BEFORE INSERT trigger's WHEN is checked before any function call.
 *
 * PostgreSQL: the statement-level rewrite of tag rows (0014) plans its UPDATE afresh per
 * statement, with cost estimates from transition tables it has no statistics for — so large that
 * every migration apply and rollback JIT-compiled it (0.2–0.3 s of a 2 s statement, measured).
 * The function now runs with JIT off.
 */
import { sql } from 'kysely';
import { createSqliteFillTrigger } from './0011_calculation_tag_totals';
import { dialectOf, type MigrationDb } from './columns';

export async function up(db: MigrationDb): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`alter function calculations_sync_tag_totals() set jit = off`.execute(db);
  } else {
    await sql`drop trigger if exists calculation_tags_fill_totals`.execute(db);
  }
}

export async function down(db: MigrationDb): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`alter function calculations_sync_tag_totals() reset jit`.execute(db);
  } else {
    // calculation_tags is keyed by (calculation_id, tag) without a rowid since 0016.
    await createSqliteFillTrigger(db, 'calculation_id = new.calculation_id and tag = new.tag');
  }
}
