/**
 * Applying and rolling back a previewed migration, each inside the caller's ONE transaction and
 * each set-based: no calculation travels through the server.
 *
 * Apply first copies every migrated calculation's columns as they are now into
 * factor_migration_snapshots (INSERT … SELECT: the exact stored values, whatever their form; the
 * inputs only when the migration changes them),
 * then writes the state the preview computed (UPDATE … FROM the items). Both statements demand
 * the version the preview saw and an unfrozen calculation: if any changed meanwhile, fewer rows
 * match than the preview counted and the whole transaction is rolled back (409).
 * Rollback writes the snapshot back, demanding the version the apply left (one more than before).
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { dialectOf } from '../db/dialect';
import type { FactorMigrationRecord } from '../../core/api';
import type { DatabaseSchema } from '../db/schema';
import { isoNow } from '../db/values';
import { conflict } from '../refusals';
import { asBulkWriter, syncTagCopies } from '../calculations/bulk-derived';
import './tables';

export const CHANGED_SINCE_PREVIEW = 'errors.migrations.changedSincePreview';
export const CHANGED_SINCE_APPLY = 'errors.migrations.changedSinceApply';

const affected = (result: { numAffectedRows?: bigint }) => Number(result.numAffectedRows ?? 0);

/**
 * Writes the previewed state into every migrated calculation; 409 if one changed since the preview.
 * `templateType` is the target template version's type (kind `template`).
 */
export async function applyItems(
  db: Kysely<DatabaseSchema>,
  migration: FactorMigrationRecord,
  userId: number,
  templateType?: string,
): Promise<number> {
  const expected = migration.summary.count;
  // The calculation (its mandant, frozen) is read, never written, but by a template migration (inputs, type).
  // `applied`: 1 once the state row is written (its version one more than the preview saw).
  const unchangedBy = (applied: 0 | 1) => sql`i.migration_id = ${migration.id} and i.excluded is null
    and i.calculation_id = calculation_state.calculation_id and calculations.id = i.calculation_id
    and calculations.mandant_id = ${migration.mandant_id} and calculation_state.version = i.before_version + ${sql.lit(applied)}
    and not calculations.frozen`;
  const unchanged = unchangedBy(0);

  const snapshot =
    await sql`insert into factor_migration_snapshots (migration_id, calculation_id, mandant_id, database_id, template_version,
      template_type, inputs, results, total_co2e, machine_set_id, version, updated_at, updated_by)
    select i.migration_id, calculations.id, calculations.mandant_id, calculation_state.database_id, calculation_state.template_version,
      calculations.template_type, ${migration.kind === 'template' ? sql`calculations.inputs` : sql`null`}, calculation_state.results,
      calculation_state.total_co2e, calculation_state.machine_set_id, calculation_state.version, calculation_state.updated_at,
      calculation_state.updated_by
    from factor_migration_items as i join calculation_state on i.calculation_id = calculation_state.calculation_id
      join calculations on ${unchanged}`.execute(db);
  if (affected(snapshot) !== expected) throw conflict(CHANGED_SINCE_PREVIEW);

  // Kind `database` moves every calculation to the target database; kind `template` keeps each one's
  // database and moves it to the target version; kind `machine_set` keeps both and moves it to the target machine set.
  // The first two write the machine set the preview computed with, as a save does: the set the calculation read, or
  // the mandant's current set for one that read none (issue 33: its site footprint reaches the job).
  // A template migration also changes the type (the target version's), which the state row copies (migration 0072).
  const moved =
    migration.kind === 'template'
      ? sql`template_version = ${migration.to_template_version}, template_type = ${templateType}, machine_set_id = i.after_machine_set_id,`
      : migration.kind === 'machine_set'
        ? sql`machine_set_id = ${migration.to_machine_set_id},`
        : sql`database_id = ${migration.to_database_id}, machine_set_id = i.after_machine_set_id,`;
  // Only the narrow state row is rewritten (migration 0032): few indexes, HOT on PostgreSQL.
  // The tag rows' copies of the totals follow in one statement, not by the per-row trigger (migration 0058).
  const update = await asBulkWriter(db, 'migration', async () => {
    const written =
      await sql`update calculation_state set ${moved} results = i.after_results, total_co2e = i.total_after,
      version = calculation_state.version + 1, updated_at = ${isoNow()}, updated_by = ${userId}
    from factor_migration_items as i join calculations on calculations.id = i.calculation_id where ${unchanged}`.execute(
        db,
      );
    await syncTagCopies(
      db,
      sql`(select calculation_id from factor_migration_items where migration_id = ${migration.id} and excluded is null)`,
    );
    return written;
  });
  if (affected(update) !== expected) throw conflict(CHANGED_SINCE_PREVIEW);
  // Kind `template` also carries the inputs over and changes the type: those live in the calculation row itself.
  // Written after the state row, as every writer does (the same lock order as an edit or an order).
  if (migration.kind === 'template') {
    const carried = await sql`update calculations set template_type = ${templateType}, inputs = i.after_inputs
      from factor_migration_items as i join calculation_state on i.calculation_id = calculation_state.calculation_id
      where ${unchangedBy(1)}`.execute(db);
    if (affected(carried) !== expected) throw conflict(CHANGED_SINCE_PREVIEW);
  }
  await refuseFrozen(
    db,
    sql`factor_migration_items as i`,
    sql`i.excluded is null`,
    migration.id,
    CHANGED_SINCE_PREVIEW,
  );
  return expected;
}

/**
 * PostgreSQL: the UPDATE of the state rows read `frozen` from the calculation rows without locking them, so an
 * order that froze one of them while the UPDATE waited for its state row lock (orders/transitions.ts takes it
 * first) is only seen now, by a statement with a fresh snapshot: 409, and the transaction rolls back.
 */
async function refuseFrozen(
  db: Kysely<DatabaseSchema>,
  rows: RawBuilder<unknown>,
  written: RawBuilder<unknown>,
  migrationId: number,
  message: typeof CHANGED_SINCE_PREVIEW | typeof CHANGED_SINCE_APPLY,
) {
  if (dialectOf(db) !== 'postgres') return;
  const frozen = await sql`select 1 from ${rows} join calculations on calculations.id = i.calculation_id
    where i.migration_id = ${migrationId} and ${written} and calculations.frozen limit 1`.execute(db);
  if (frozen.rows.length > 0) throw conflict(message);
}

/** Writes every migrated calculation back exactly as it was before; 409 if one changed since the apply. */
export async function rollbackItems(db: Kysely<DatabaseSchema>, migration: FactorMigrationRecord): Promise<number> {
  const counted = await db
    .selectFrom('factor_migration_snapshots')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('migration_id', '=', migration.id)
    .executeTakeFirst();
  const expected = Number(counted?.n ?? 0);
  // `back`: 0 once the state row is written back (its version the snapshot's again).
  const restoredBy = (
    back: 0 | 1,
  ) => sql`s.migration_id = ${migration.id} and s.calculation_id = calculation_state.calculation_id
    and calculations.id = s.calculation_id and calculations.mandant_id = ${migration.mandant_id}
    and calculation_state.version = s.version + ${sql.lit(back)} and not calculations.frozen`;
  const restored = restoredBy(1);
  const restore = await asBulkWriter(db, 'migration', async () => {
    const written =
      await sql`update calculation_state set database_id = s.database_id, template_version = s.template_version,
      template_type = s.template_type, machine_set_id = s.machine_set_id, results = s.results, total_co2e = s.total_co2e,
      version = s.version, updated_at = s.updated_at, updated_by = s.updated_by
    from factor_migration_snapshots as s join calculations on calculations.id = s.calculation_id
    where ${restored}`.execute(db);
    await syncTagCopies(
      db,
      sql`(select calculation_id from factor_migration_snapshots where migration_id = ${migration.id})`,
    );
    return written;
  });
  if (affected(restore) !== expected) throw conflict(CHANGED_SINCE_APPLY);
  // Only a template migration changed the calculation row itself (inputs, type); written back after the state row.
  if (migration.kind === 'template') {
    const carried =
      await sql`update calculations set template_type = s.template_type, inputs = coalesce(s.inputs, calculations.inputs)
      from factor_migration_snapshots as s join calculation_state on s.calculation_id = calculation_state.calculation_id
      where ${restoredBy(0)}`.execute(db);
    if (affected(carried) !== expected) throw conflict(CHANGED_SINCE_APPLY);
  }
  await refuseFrozen(db, sql`factor_migration_snapshots as i`, sql`true`, migration.id, CHANGED_SINCE_APPLY);
  // A rolled-back migration cannot be applied or rolled back again: its copies have done their work.
  await db.deleteFrom('factor_migration_snapshots').where('migration_id', '=', migration.id).execute();
  return expected;
}
