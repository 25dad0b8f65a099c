/**
 * Writing a preview's items in bulk. PostgreSQL gets one statement per chunk of 2,000 rows whose
 * single parameter is a JSON array (one round trip, no per-value parameter overhead); SQLite,
 * in-process, gets one multi-row insert per chunk with every value bound.
 */
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { dialectOf } from '../db/dialect';
import type { DatabaseSchema } from '../db/schema';
import type { FactorMigrationItemsTable } from './tables';

/** An item as the preview computes it; the JSON columns as text. */
export type ItemRow = Omit<
  FactorMigrationItemsTable,
  'id' | 'migration_id' | 'mandant_id' | 'after_results' | 'after_inputs'
> & {
  after_results: string | null;
  after_inputs: string | null;
};

const PG_CHUNK = 2000;
/** 2,000 rows (a preview's page) × 15 columns stays under SQLite's 32,766 bound parameters. */
const SQLITE_CHUNK = 2000;

const ITEM_COLUMNS = `migration_id, mandant_id, calculation_id, number, title, template_id, before_version, total_before,
  total_after, difference, percent, after_results, after_inputs, excluded, after_machine_set_id`;

/** An item's values in ITEM_COLUMNS' order after the migration and the mandant; the JSON columns as text. */
function itemValues(row: ItemRow) {
  return [
    row.calculation_id,
    row.number,
    row.title,
    row.template_id,
    row.before_version,
    row.total_before,
    row.total_after,
    row.difference,
    row.percent,
    row.after_results,
    row.after_inputs,
    row.excluded,
    row.after_machine_set_id,
  ];
}
/** Where itemValues holds JSON text, spliced into the PostgreSQL chunk as it is. */
const JSON_VALUES = new Set([9, 10]);

/** One row as a JSON array; the JSON columns are spliced in as they are (they are JSON text already). */
function pgRow(row: ItemRow): string {
  const values = itemValues(row).map((value, i) =>
    JSON_VALUES.has(i) ? ((value as string | null) ?? 'null') : JSON.stringify(value),
  );
  return `[${values.join(',')}]`;
}

export async function insertItems(
  db: Kysely<DatabaseSchema>,
  migrationId: number,
  mandantId: number,
  rows: readonly ItemRow[],
): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    for (let start = 0; start < rows.length; start += PG_CHUNK) {
      const chunk = `[${rows
        .slice(start, start + PG_CHUNK)
        .map(pgRow)
        .join(',')}]`;
      // Doubles travel as JSON numbers (shortest round-trip text) and come back exact through numeric → float8.
      await sql`insert into factor_migration_items (${sql.raw(ITEM_COLUMNS)})
        select ${migrationId}, ${mandantId}, (e->>0)::integer, e->>1, e->>2, e->>3, (e->>4)::integer, (e->>5)::float8,
          (e->>6)::float8, (e->>7)::float8, (e->>8)::float8, nullif(e->9, 'null'::jsonb), nullif(e->10, 'null'::jsonb), e->>11,
          (e->>12)::integer
        from jsonb_array_elements(${chunk}::jsonb) as e`.execute(db);
    }
    return;
  }
  for (let start = 0; start < rows.length; start += SQLITE_CHUNK) {
    const chunk = rows.slice(start, start + SQLITE_CHUNK);
    const parameters: (string | number | null)[] = [];
    for (const row of chunk) parameters.push(migrationId, mandantId, ...itemValues(row));
    await db.executeQuery(CompiledQuery.raw(sqliteInsert(chunk.length), parameters));
  }
}

const SQLITE_INSERTS = new Map<number, string>();

/**
 * `insert … values (?, …), …` for `rows` items, every value bound: one text for every full chunk, so SQLite prepares
 * it once (db/database.ts keeps it). Kysely's `values()` parsed and compiled 30,000 values a chunk in JavaScript.
 */
function sqliteInsert(rows: number): string {
  let text = SQLITE_INSERTS.get(rows);
  if (!text) {
    const row = `(${Array(15).fill('?').join(', ')})`;
    text = `insert into factor_migration_items (${ITEM_COLUMNS}) values ${Array(rows).fill(row).join(', ')}`;
    SQLITE_INSERTS.set(rows, text);
  }
  return text;
}
