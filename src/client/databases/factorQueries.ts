/**
 * The factors of a database, for every screen that shows them: the factor table (and its base database), the diff
 * view and the template forms' factor lists. It is react-admin's `factors` list query, which react-admin refetches
 * after every factor create and delete, rewrites after an update, and `useRefresh` refetches after an import; the diff
 * is keyed on that list's last change, so it follows every edit without a reload (issue #20: the diff said "no
 * differences" after factors were added).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useGetList } from 'react-admin';
import type { FactorDatabaseDiff, FactorRecord } from '../../core/api';
import { useKontorDataProvider } from '../providers/dataProvider';

/** A database holds some hundred factors at most; one page of 1000 is all of them. */
const ALL_FACTORS = { page: 1, perPage: 1000 };
const BY_KEY = { field: 'key', order: 'ASC' as const };

/** Every factor of the database, sorted by key; nothing is asked while the id is unknown. */
export function useDatabaseFactors(databaseId: number | null | undefined) {
  return useGetList<FactorRecord>(
    'factors',
    { filter: { database_id: databaseId ?? undefined }, pagination: ALL_FACTORS, sort: BY_KEY },
    { enabled: typeof databaseId === 'number' },
  );
}

/** What changed between `databaseId` and `against` (`GET /api/databases/:id/diff`), asked again after each factor edit. */
export function useFactorDiff(databaseId: number, against: number | null) {
  const { dataUpdatedAt } = useDatabaseFactors(databaseId);
  const dataProvider = useKontorDataProvider();
  return useQuery<FactorDatabaseDiff, Error>({
    queryKey: ['factors', 'diff', databaseId, against, dataUpdatedAt],
    queryFn: () => dataProvider.factorDiff(databaseId, against as number),
    enabled: against !== null,
    // The last diff stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}
