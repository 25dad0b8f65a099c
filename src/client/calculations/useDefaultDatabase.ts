/**
 * The factor database a new calculation uses, by the same rule as the server (core/factor-database-default.ts),
 * so the live preview shows what the server will store.
 */
import { useGetOne } from 'react-admin';
import type { MandantRecord } from '../../core/api';
import { defaultDatabaseId } from '../../core/factor-database-default';
import { readSession } from '../providers/session';
import { useFactorDatabases } from '../factors/useFactorDatabases';

export function useDefaultDatabaseId(): { databaseId: number | undefined; isPending: boolean } {
  const mandantId = readSession()?.user.mandant_id ?? null;
  const databases = useFactorDatabases({ published: true, order: 'name' });
  const mandant = useGetOne<MandantRecord>(
    'mandants',
    { id: mandantId as number },
    { enabled: mandantId !== null, retry: false },
  );
  const pinned = mandant.data?.settings?.default_database_id;
  const mandantDecided = mandantId === null || !mandant.isPending || mandant.isError;
  if (typeof pinned === 'number') return { databaseId: pinned, isPending: false };
  if (!mandantDecided || databases.isPending) return { databaseId: undefined, isPending: true };
  return { databaseId: defaultDatabaseId(pinned, databases.data ?? []), isPending: false };
}
