/**
 * Which factor databases a user may see: the global ones (mandant_id NULL) and those of the
 * user's own mandant; provider admins see all — tenant-scope.ts's `ownOrSharedRows`, applied to
 * databases and, through them, to factors (which inherit their database's visibility).
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import type { SessionUser } from '../../core/api';
import { ownOrSharedRows, seesAllMandants, type Narrowable } from '../http/tenant-scope';

/** Databases usable by a mandant: global ones and the mandant's own. */
export function databaseVisibleTo(mandantId: number | null, column = 'mandant_id'): Expression<SqlBool> {
  return ownOrSharedRows(mandantId, column);
}

export function scopeDatabases<QB extends Narrowable<QB>>(query: QB, user: SessionUser, column = 'mandant_id'): QB {
  if (seesAllMandants(user)) return query;
  return query.where(databaseVisibleTo(user.mandant_id, column));
}

/** Restricts a query over `factors` to factors of databases the user may see. */
export function scopeFactors<QB extends Narrowable<QB>>(query: QB, user: SessionUser): QB {
  if (seesAllMandants(user)) return query;
  const visible = sql<SqlBool>`${sql.ref('database_id')} in (select id from factor_databases where ${databaseVisibleTo(user.mandant_id)})`;
  return query.where(visible);
}
