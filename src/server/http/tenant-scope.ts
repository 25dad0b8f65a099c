/**
 * Mandant scoping — the ONE place that decides which tenant rows a user may touch. Every query on
 * a tenant table (select, update, delete) is passed through `scopeToMandant` (raw SQL embeds `tenantCondition`);
 * those the access policy lets see every mandant see all, everybody else only rows whose tenant column equals
 * their own mandant.
 * Rows outside the scope simply do not exist for the caller: lookups answer 404, lists omit them.
 */
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { SessionUser } from '../../core/api';
import { seesAllMandants as roleSeesAllMandants } from '../../core/access/policy';

export function seesAllMandants(user: SessionUser): boolean {
  return roleSeesAllMandants(user.role);
}

/** Any Kysely select, update or delete builder: each narrows itself by an SQL boolean in `where`. */
export interface Narrowable<QB> {
  where(condition: Expression<SqlBool>): QB;
}

/** The condition on `tenantColumn` that limits rows to the user's scope; null when the user sees every mandant. */
export function tenantCondition(user: SessionUser, tenantColumn: string): RawBuilder<SqlBool> | null {
  if (seesAllMandants(user)) return null;
  // A non-provider user without a mandant must see nothing rather than everything.
  if (user.mandant_id === null) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`${sql.ref(tenantColumn)} = ${user.mandant_id}`;
}

export function scopeToMandant<QB extends Narrowable<QB>>(query: QB, user: SessionUser, tenantColumn: string): QB {
  const condition = tenantCondition(user, tenantColumn);
  return condition ? query.where(condition) : query;
}

/**
 * Rows of a mandant plus the shared ones whose tenant column is NULL (the provider's: global factor databases, the
 * provider's staff). `null`: only the shared rows.
 */
export function ownOrSharedRows(mandantId: number | null, column = 'mandant_id'): Expression<SqlBool> {
  const ref = sql.ref(column);
  return mandantId === null ? sql<SqlBool>`${ref} is null` : sql<SqlBool>`(${ref} is null or ${ref} = ${mandantId})`;
}

/** The mandant a new tenant row belongs to: the user's own, unless a provider admin names one. */
export function mandantForNewRow(user: SessionUser, requested: number | null | undefined): number | null {
  return seesAllMandants(user) ? (requested ?? null) : user.mandant_id;
}

/**
 * Rows `ids` (one id or several) of a mandant the code already knows — a migration's, an order's, a collection's — for
 * a single-table query: another mandant's id matches nothing, exactly like a missing one (and so does a `null` mandant).
 */
export function rowsOfMandant(mandantId: number | null, ids: number | readonly number[]): Expression<SqlBool> {
  const id = sql.ref('id');
  if (typeof ids !== 'number' && ids.length === 0) return sql<SqlBool>`1 = 0`;
  const matches = typeof ids === 'number' ? sql`${id} = ${ids}` : sql`${id} in (${sql.join(ids)})`;
  return sql<SqlBool>`(${matches} and ${sql.ref('mandant_id')} = ${mandantId})`;
}
