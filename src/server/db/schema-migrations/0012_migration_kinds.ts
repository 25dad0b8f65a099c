/**
 * Migrations of calculations (issue 6), second form:
 * - a migration moves calculations to another factor database (`kind` 'database') OR to another
 *   version of their template (`kind` 'template': template_id, from/to_template_version), so
 *   to_database_id becomes optional; `filter` keeps the calculations-list filter it was made for;
 * - the preview stores each calculation's computed state after (stored results, and the carried
 *   over inputs of a template migration), so applying is set-based SQL instead of recomputing;
 * - the state before is no longer copied at preview into every item (`before`) but at apply,
 *   column by column, into factor_migration_snapshots — the exact values rollback writes back.
 * Applied migrations of the first form keep their rollback: their `before` moves into snapshots.
 */
import { sql } from 'kysely';
import { dialectOf, jsonType, TIMESTAMP, type MigrationDb } from './columns';
import {
  createIdTable,
  factorMigrationActors,
  factorMigrationTail,
  mandantReference,
  createIndexOn,
} from './building-blocks';

/** factor_migrations with to_database_id nullable and the new columns (SQLite cannot drop NOT NULL in place). */
async function rebuildMigrationsOnSqlite(db: MigrationDb): Promise<void> {
  // The items reference this table: without foreign keys the swap neither cascades nor complains.
  // (SQLite migrations run outside a transaction, so the pragma takes effect.)
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await createIdTable(db, 'factor_migrations_next')
      .addColumn('mandant_id', 'integer', mandantReference('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull().defaultTo('database'))
      .addColumn('from_database_id', 'integer', (c) => c.references('factor_databases.id').onDelete('set null'))
      .addColumn('to_database_id', 'integer', (c) => c.references('factor_databases.id').onDelete('restrict'))
      .addColumn('template_id', 'text')
      .addColumn('from_template_version', 'integer')
      .addColumn('to_template_version', 'integer')
      .addColumn('filter', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .$call(factorMigrationActors)
      .addColumn('summary', 'text', (c) => c.notNull())
      .$call(factorMigrationTail)
      .execute();
    await sql`insert into factor_migrations_next (id, mandant_id, kind, from_database_id, to_database_id, status, created_by, created_by_name,
        applied_by, applied_by_name, rolled_back_by, summary, created_at, updated_at, applied_at, rolled_back_at, version)
      select id, mandant_id, 'database', from_database_id, to_database_id, status, created_by, created_by_name,
        applied_by, applied_by_name, rolled_back_by, summary, created_at, updated_at, applied_at, rolled_back_at, version
      from factor_migrations`.execute(db);
    await db.schema.dropTable('factor_migrations').execute();
    await sql`alter table factor_migrations_next rename to factor_migrations`.execute(db);
    await createIndexOn(db, 'factor_migrations', 'factor_migrations_mandant_idx', ['mandant_id', 'created_at']);
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

export async function up(db: MigrationDb): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  if (postgres) {
    await sql`alter table factor_migrations alter column to_database_id drop not null`.execute(db);
    await db.schema
      .alterTable('factor_migrations')
      .addColumn('kind', 'text', (c) => c.notNull().defaultTo('database'))
      .execute();
    await db.schema.alterTable('factor_migrations').addColumn('template_id', 'text').execute();
    await db.schema.alterTable('factor_migrations').addColumn('from_template_version', 'integer').execute();
    await db.schema.alterTable('factor_migrations').addColumn('to_template_version', 'integer').execute();
    await db.schema.alterTable('factor_migrations').addColumn('filter', 'jsonb').execute();
  } else {
    await rebuildMigrationsOnSqlite(db);
  }

  // No foreign key on migration_id: rows are written only by applying that very migration, in its
  // transaction, and PostgreSQL's per-row check of one cost ~2 s per 100,000 calculations. A
  // rollback deletes them; migrations themselves are never deleted (mandants are not deleted either).
  await db.schema
    .createTable('factor_migration_snapshots')
    .addColumn('migration_id', 'integer', (c) => c.notNull())
    .addColumn('calculation_id', 'integer', (c) => c.notNull())
    .addColumn('mandant_id', 'integer', (c) => c.notNull())
    .addColumn('database_id', 'integer', (c) => c.notNull())
    .addColumn('template_version', 'integer', (c) => c.notNull())
    .addColumn('template_type', 'text', (c) => c.notNull())
    // Only a template migration changes the inputs; a factor migration leaves them null.
    .addColumn('inputs', jsonType(db))
    .addColumn('results', jsonType(db), (c) => c.notNull())
    .addColumn('total_co2e', 'double precision', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updated_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('updated_by', 'integer')
    .addPrimaryKeyConstraint('factor_migration_snapshots_pk', ['migration_id', 'calculation_id'])
    .execute();

  // Applied migrations of the first form: their items' `before` becomes the snapshot (template
  // version and type were never changed by those migrations, so the calculation's own are right).
  const field = (name: string) =>
    postgres ? sql`i.before -> ${sql.lit(name)}` : sql`json_extract(i.before, ${sql.lit(`$.${name}`)})`;
  const text = (name: string) =>
    postgres ? sql`i.before ->> ${sql.lit(name)}` : sql`json_extract(i.before, ${sql.lit(`$.${name}`)})`;
  await sql`insert into factor_migration_snapshots (migration_id, calculation_id, mandant_id, database_id, template_version, template_type,
      inputs, results, total_co2e, version, updated_at, updated_by)
    select i.migration_id, i.calculation_id, i.mandant_id, cast(${text('database_id')} as integer), coalesce(c.template_version, 1),
      coalesce(c.template_type, ''), null, ${field('results')},
      cast(${text('total_co2e')} as double precision), cast(${text('version')} as integer), ${text('updated_at')},
      cast(${text('updated_by')} as integer)
    from factor_migration_items i
    join factor_migrations m on m.id = i.migration_id
    left join calculations c on c.id = i.calculation_id
    where m.status = 'applied' and i.excluded is null`.execute(db);

  await db.schema.alterTable('factor_migration_items').dropColumn('before').execute();
  await db.schema.alterTable('factor_migration_items').dropColumn('after_version').execute();
  await db.schema.alterTable('factor_migration_items').addColumn('after_results', jsonType(db)).execute();
  await db.schema.alterTable('factor_migration_items').addColumn('after_inputs', jsonType(db)).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('factor_migration_snapshots').ifExists().execute();
  await db.schema.alterTable('factor_migration_items').dropColumn('after_inputs').execute();
  await db.schema.alterTable('factor_migration_items').dropColumn('after_results').execute();
  await db.schema
    .alterTable('factor_migration_items')
    .addColumn('before', jsonType(db), (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema.alterTable('factor_migration_items').addColumn('after_version', 'integer').execute();
  for (const column of ['filter', 'to_template_version', 'from_template_version', 'template_id', 'kind']) {
    await db.schema.alterTable('factor_migrations').dropColumn(column).execute();
  }
}
