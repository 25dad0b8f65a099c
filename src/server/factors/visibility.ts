/**
 * Which factor databases a user may see: the global ones (mandant_id NULL) and those of the
 * user's own mandant; provider admins see all — tenant-scope.ts's `ownOrSharedRows`, applied to
 * databases and, through them, to factors (which inherit their database's visibility).
 */
import { sql, type Expression, type SqlBool, type WhereInterface } from 'kysely';
import type { SessionUser } from '../../core/api';
import { ownOrSharedRows, seesAllMandants } from '../http/tenant-scope';

/** Databases usable by a mandant: global ones and the mandant's own. */
export function databaseVisibleTo(mandantId: number | null, column = 'mandant_id'): Expression<SqlBool> {
  return ownOrSharedRows(mandantId, column);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- works on any query builder over factor_databases
export function scopeDatabases<QB extends WhereInterface<any, any>>(
  query: QB,
  user: SessionUser,
  column = 'mandant_id',
): QB {
  if (seesAllMandants(user)) return query;
  return query.where(databaseVisibleTo(user.mandant_id, column)) as QB;
}

/** Restricts a query over `factors` to factors of databases the user may see. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- works on any query builder over factors
export function scopeFactors<QB extends WhereInterface<any, any>>(query: QB, user: SessionUser): QB {
  if (seesAllMandants(user)) return query;
  const visible = sql<SqlBool>`${sql.ref('database_id')} in (select id from factor_databases where ${databaseVisibleTo(user.mandant_id)})`;
  return query.where(visible) as QB;
}
