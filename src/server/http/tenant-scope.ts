/**
 * Mandant scoping — the ONE place that decides which tenant rows a user may touch. Every query on
 * a tenant table (select, update, delete) is passed through `scopeToMandant`; provider admins see
 * all mandants, everybody else only rows whose tenant column equals their own mandant.
 * Rows outside the scope simply do not exist for the caller: lookups answer 404, lists omit them.
 */
import { sql, type Expression, type SqlBool, type WhereInterface } from 'kysely';
import type { SessionUser } from '../../core/api';

export function seesAllMandants(user: SessionUser): boolean {
  return user.role === 'provider_admin';
}

/** Any Kysely select, update or delete builder, typed or dynamic. */
type Filterable = { where(...args: never[]): unknown };
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tenant column is named at run time
type AnyWhere = WhereInterface<any, any>;

export function scopeToMandant<QB extends Filterable>(query: QB, user: SessionUser, tenantColumn: string): QB {
  if (seesAllMandants(user)) return query;
  const q = query as unknown as AnyWhere;
  // A non-provider user without a mandant must see nothing rather than everything.
  if (user.mandant_id === null) return q.where(sql<boolean>`1 = 0`) as unknown as QB;
  return q.where(sql.ref(tenantColumn), '=', user.mandant_id) as unknown as QB;
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
