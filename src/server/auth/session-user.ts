/**
 * The signed-in user as every authenticated request sees it: the user with the mandant's name, or nobody when the
 * user or their mandant is deactivated. One select, so that a session or API token lookup can join it (tokens.ts).
 */
import type { Kysely } from 'kysely';
import type { SessionUser } from '../../core/api';
import type { DatabaseSchema } from '../db/schema';
import { toBoolean } from '../db/values';

/** users left-joined with their mandant, selecting what toSessionUser needs. */
export function selectSessionUsers(db: Kysely<DatabaseSchema>) {
  return db
    .selectFrom('users')
    .leftJoin('mandants', 'mandants.id', 'users.mandant_id')
    .select([
      'users.id',
      'users.email',
      'users.name',
      'users.role',
      'users.language',
      'users.mandant_id',
      'users.active',
      'mandants.name as mandant_name',
      'mandants.active as mandant_active',
    ]);
}

type SessionUserRow = Awaited<ReturnType<ReturnType<typeof selectSessionUsers>['executeTakeFirstOrThrow']>>;

/** The user of a selectSessionUsers row; null when the user or their mandant is deactivated. */
export function toSessionUser(row: SessionUserRow): SessionUser | null {
  if (!toBoolean(row.active)) return null;
  if (row.mandant_id !== null && !toBoolean(row.mandant_active)) return null;
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    language: row.language,
    mandant_id: row.mandant_id,
    mandant_name: row.mandant_name ?? null,
  };
}

/** Loads the signed-in user with the mandant name, for sign-in and /me. */
export async function loadSessionUser(db: Kysely<DatabaseSchema>, userId: number): Promise<SessionUser | null> {
  const row = await selectSessionUsers(db).where('users.id', '=', userId).executeTakeFirst();
  return row ? toSessionUser(row) : null;
}
