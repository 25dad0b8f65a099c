/**
 * Statistics over orders of offsets (`orders`, `offset_projects`, owned by the orders module),
 * aggregated by the database. Written in SQL text against those tables' columns so this module
 * does not depend on the orders module's TypeScript types; `orderStatisticsAvailable` answers
 * whether the tables exist yet (a build without the orders migration gets empty order figures).
 *
 * kg offset: `orders.tonnes_kg` (integer kg) of orders that are placed, confirmed or completed —
 * drafts are not offers yet and cancelled orders released their tonnes.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { SessionUser } from '../../core/api';
import type { DatabaseSchema } from '../db/schema';
import { tenantCondition } from '../http/tenant-scope';
import type { StatisticsQuery } from './query';

export const OFFSETTING_STATUSES = ['placed', 'confirmed', 'completed'] as const;
/** Orders not finished yet: the dashboard's "open orders". */
export const OPEN_STATUSES = ['draft', 'placed', 'confirmed'] as const;

type Db = Kysely<DatabaseSchema>;

const availability = new WeakMap<Db, Promise<boolean>>();

/**
 * Whether the orders tables exist in this database. Asked once per database handle: migrations run
 * before the server answers requests, so the answer does not change while it runs.
 */
export function orderStatisticsAvailable(db: Db): Promise<boolean> {
  let known = availability.get(db);
  if (!known) {
    known = db.introspection
      .getTables()
      .then((tables) => tables.some((t) => t.name === 'orders') && tables.some((t) => t.name === 'offset_projects'))
      .catch(() => false);
    availability.set(db, known);
  }
  return known;
}

const list = (values: readonly string[]) => sql.join(values.map((v) => sql.lit(v)));

/** The WHERE clause every order statistic shares: range, mandant (and the user's scope again). */
function orderFilter(
  user: SessionUser,
  query: StatisticsQuery,
  statuses: readonly string[] | null,
): RawBuilder<unknown> {
  const parts = [sql`o.created_at >= ${query.fromInstant}`, sql`o.created_at < ${query.toInstant}`];
  if (query.mandantId !== null) parts.push(sql`o.mandant_id = ${query.mandantId}`);
  const scope = tenantCondition(user, 'o.mandant_id');
  if (scope) parts.push(scope);
  if (statuses) parts.push(sql`o.status in (${list(statuses)})`);
  return sql.join(parts, sql` and `);
}

const num = (value: unknown) => Number(value ?? 0);

/**
 * The kg CO2e the offsetting orders were placed for (the footprint of the calculations they cover), not the tonnes
 * bought: those are rounded up to whole tonnes, and the share of the footprint offset read too high (issue #35).
 */
export async function offsetTotals(
  db: Db,
  user: SessionUser,
  query: StatisticsQuery,
): Promise<{ offset_kg: number; open_orders: number }> {
  if (!(await orderStatisticsAvailable(db))) return { offset_kg: 0, open_orders: 0 };
  const { rows } = await sql<{ kg: unknown; open: unknown }>`
    select sum(case when o.status in (${list(OFFSETTING_STATUSES)}) then o.co2e_kg else 0 end) as kg,
           sum(case when o.status in (${list(OPEN_STATUSES)}) then 1 else 0 end) as open
    from orders o where ${orderFilter(user, query, null)}`.execute(db);
  return { offset_kg: num(rows[0]?.kg), open_orders: num(rows[0]?.open) };
}

export async function offsetByMonth(db: Db, user: SessionUser, query: StatisticsQuery) {
  if (!(await orderStatisticsAvailable(db))) return [];
  const { rows } = await sql<{ month: string; n: unknown; kg: unknown }>`
    select substr(o.created_at, 1, 7) as month, count(*) as n, sum(o.tonnes_kg) as kg
    from orders o where ${orderFilter(user, query, OFFSETTING_STATUSES)}
    group by substr(o.created_at, 1, 7) order by month`.execute(db);
  return rows.map((r) => ({ month: r.month, orders: num(r.n), offset_kg: num(r.kg) }));
}

/** Number and value of orders per status and currency (values in minor units are only summed within one currency). */
export async function ordersByStatus(db: Db, user: SessionUser, query: StatisticsQuery) {
  if (!(await orderStatisticsAvailable(db))) return [];
  const { rows } = await sql<{ status: string; currency: string; n: unknown; kg: unknown; minor: unknown }>`
    select o.status as status, o.currency as currency, count(*) as n, sum(o.tonnes_kg) as kg, sum(o.total_minor) as minor
    from orders o where ${orderFilter(user, query, null)}
    group by o.status, o.currency order by o.status, o.currency`.execute(db);
  return rows.map((r) => ({
    status: r.status,
    currency: r.currency,
    orders: num(r.n),
    offset_kg: num(r.kg),
    value_minor: num(r.minor),
  }));
}

export async function offsetsByProject(db: Db, user: SessionUser, query: StatisticsQuery) {
  if (!(await orderStatisticsAvailable(db))) return [];
  const { rows } = await sql<{ project_id: unknown; name: unknown; standard: string; n: unknown; kg: unknown }>`
    select p.id as project_id, p.name as name, p.standard as standard, count(*) as n, sum(o.tonnes_kg) as kg
    from orders o join offset_projects p on p.id = o.project_id
    where ${orderFilter(user, query, OFFSETTING_STATUSES)}
    group by p.id, p.name, p.standard order by kg desc, p.id`.execute(db);
  return rows.map((r) => ({
    project_id: num(r.project_id),
    name: r.name,
    standard: r.standard,
    orders: num(r.n),
    offset_kg: num(r.kg),
  }));
}

/** Offsetting orders and their kg per channel (issue 39): null the back office, `storefront:<id>` a shop's. */
export async function offsetsByChannel(db: Db, user: SessionUser, query: StatisticsQuery) {
  if (!(await orderStatisticsAvailable(db))) return [];
  const { rows } = await sql<{ channel: string | null; n: unknown; kg: unknown }>`
    select o.channel as channel, count(*) as n, sum(o.tonnes_kg) as kg
    from orders o where ${orderFilter(user, query, OFFSETTING_STATUSES)}
    group by o.channel`.execute(db);
  return rows.map((r) => ({ channel: r.channel ?? null, orders: num(r.n), offset_kg: num(r.kg) }));
}

export async function offsetsByStandard(db: Db, user: SessionUser, query: StatisticsQuery) {
  if (!(await orderStatisticsAvailable(db))) return [];
  const { rows } = await sql<{ standard: string; n: unknown; kg: unknown }>`
    select p.standard as standard, count(*) as n, sum(o.tonnes_kg) as kg
    from orders o join offset_projects p on p.id = o.project_id
    where ${orderFilter(user, query, OFFSETTING_STATUSES)}
    group by p.standard order by kg desc, p.standard`.execute(db);
  return rows.map((r) => ({ standard: r.standard, orders: num(r.n), offset_kg: num(r.kg) }));
}
