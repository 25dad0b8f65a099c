/**
 * The factor database a new calculation uses, by the same rule as the server (core/factor-database-default.ts),
 * so the live preview shows what the server will store.
 */
import { useGetList, useGetOne } from 'react-admin';
import type { MandantRecord } from '../../core/api';
import { defaultDatabaseId } from '../../core/factor-database-default';
import { readSession } from '../providers/session';
import type { FactorDatabaseRecord } from './types';

const ALL = { page: 1, perPage: 100 };
const BY_NAME = { field: 'name', order: 'ASC' as const };

export function usePublishedDatabases() {
  return useGetList<FactorDatabaseRecord>('databases', { pagination: ALL, sort: BY_NAME, filter: { status: 'published' } });
}

export function useDefaultDatabaseId(): { databaseId: number | undefined; isPending: boolean } {
  const mandantId = readSession()?.user.mandant_id ?? null;
  const databases = usePublishedDatabases();
  const mandant = useGetOne<MandantRecord>('mandants', { id: mandantId as number }, { enabled: mandantId !== null, retry: false });
  const pinned = mandant.data?.settings?.default_database_id;
  const mandantDecided = mandantId === null || !mandant.isPending || mandant.isError;
  if (typeof pinned === 'number') return { databaseId: pinned, isPending: false };
  if (!mandantDecided || databases.isPending) return { databaseId: undefined, isPending: true };
  return { databaseId: defaultDatabaseId(pinned, databases.data ?? []), isPending: false };
}
