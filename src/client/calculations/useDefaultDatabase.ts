/**
 * The factor database a new calculation uses: the mandant's default (settings.default_database_id), else the newest
 * published database — the same choice the server makes, so the live preview shows what the server will store.
 */
import { useGetList, useGetOne } from 'react-admin';
import type { MandantRecord } from '../../core/api';
import { readSession } from '../providers/session';
import type { FactorDatabaseRecord } from './types';

export function newestPublished(databases: readonly FactorDatabaseRecord[]): FactorDatabaseRecord | undefined {
  return [...databases]
    .filter((database) => database.status === 'published')
    .sort((a, b) => (b.valid_from ?? '').localeCompare(a.valid_from ?? '') || b.id - a.id)[0];
}

const ALL = { page: 1, perPage: 100 };
const BY_NAME = { field: 'name', order: 'ASC' as const };

export function usePublishedDatabases() {
  return useGetList<FactorDatabaseRecord>('databases', { pagination: ALL, sort: BY_NAME, filter: { status: 'published' } });
}

export function useDefaultDatabaseId(): { databaseId: number | undefined; isPending: boolean } {
  const mandantId = readSession()?.user.mandant_id ?? null;
  const databases = usePublishedDatabases();
  const mandant = useGetOne<MandantRecord>('mandants', { id: mandantId as number }, { enabled: mandantId !== null, retry: false });
  const configured = mandant.data?.settings?.default_database_id;
  const mandantDecided = mandantId === null || !mandant.isPending || mandant.isError;
  if (typeof configured === 'number') return { databaseId: configured, isPending: false };
  if (!mandantDecided || databases.isPending) return { databaseId: undefined, isPending: true };
  return { databaseId: newestPublished(databases.data ?? [])?.id, isPending: false };
}
