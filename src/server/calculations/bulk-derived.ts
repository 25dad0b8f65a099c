/**
 * SQLite bulk writers keep the derived structures once per batch (migration 0058): the list counts
 * (0031), the search index (0024) and the tag rows' copies of created_at/total_co2e (0032). While a
 * writer's row is in `calculation_bulk_writes` the per-row triggers skip, so the writer must
 * call the matching function below for the rows it wrote before it ends. PostgreSQL keeps them per statement
 * by its own triggers: every function here does nothing there.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import { dialectOf } from '../db/dialect';

const KEY = sql.raw('mandant_id, template_type, template_id, status');

/**
 * Runs `write` with the per-row derived triggers off, inside the caller's transaction; `write` keeps them itself.
 * `writer` names it (primary key: two nested bulk writers of the same name would be a bug and fail loudly).
 */
export async function asBulkWriter<T>(
  trx: Kysely<DatabaseSchema>,
  writer: string,
  write: () => Promise<T>,
): Promise<T> {
  if (dialectOf(trx) !== 'sqlite') return write();
  await sql`insert into calculation_bulk_writes (writer) values (${writer})`.execute(trx);
  const result = await write();
  await sql`delete from calculation_bulk_writes where writer = ${writer}`.execute(trx);
  return result;
}

/** Counts and search entries for calculations just inserted by a bulk writer (`ids`: their ids). */
export async function addInsertedToCountsAndSearch(trx: Kysely<DatabaseSchema>, ids: readonly number[]): Promise<void> {
  if (dialectOf(trx) !== 'sqlite' || ids.length === 0) return;
  const inserted = sql`(select value from json_each(${JSON.stringify(ids)}))`;
  await sql`insert into calculation_list_counts (${KEY}, calculations)
      select ${KEY}, count(*) from calculations where id in ${inserted} group by ${KEY} order by ${KEY}
      on conflict (${KEY}) do update set calculations = calculation_list_counts.calculations + excluded.calculations`.execute(
    trx,
  );
  await sql`insert into calculations_search (rowid, number, title, customer)
      select id, number, title, customer from calculations where id in ${inserted}`.execute(trx);
}

/**
 * The tag rows of the calculations `calculationIds` selects rewritten from their state rows (what the per-row
 * sync trigger of 0032 writes), after a bulk writer changed created_at, total_co2e or mandant_id there.
 */
export async function syncTagCopies(trx: Kysely<DatabaseSchema>, calculationIds: RawBuilder<unknown>): Promise<void> {
  if (dialectOf(trx) !== 'sqlite') return;
  await sql`update calculation_tags
      set created_at = case when calculation_tags.mandant_id = s.mandant_id then s.created_at end,
          total_co2e = case when calculation_tags.mandant_id = s.mandant_id then s.total_co2e end
      from calculation_state as s
      where s.calculation_id = calculation_tags.calculation_id and calculation_tags.calculation_id in ${calculationIds}`.execute(
    trx,
  );
}
