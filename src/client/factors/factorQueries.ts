/**
 * The factors of a database, for every screen that shows them: the factor table (and its base database), the diff
 * view and the template forms' factor lists. It is react-admin's `factors` list query, which react-admin refetches
 * after every factor create and delete, rewrites after an update, and `useRefresh` refetches after an import; the diff
 * is keyed on that list's last change, so it follows every edit without a reload (issue #20: the diff said "no
 * differences" after factors were added).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import type { FactorCategoryRecord, FactorDatabaseDiff, FactorRecord } from '../../core/api';
import type { LocalizedText } from '../../core/languages';
import { useLanguage } from '../i18n/useLanguage';
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

const CATEGORIES_KEY = ['factors', 'categories'];

/** Every factor category the reader may see, with the name an admin gave it (`GET /api/factor-categories`). */
export function useFactorCategories() {
  const dataProvider = useKontorDataProvider();
  return useQuery<FactorCategoryRecord[], Error>({
    queryKey: CATEGORIES_KEY,
    queryFn: () => dataProvider.factorCategories(),
  });
}

/** Names a category in every language (`PUT /api/factor-categories/:key`); the screens then show the new name. */
export function useNameFactorCategory() {
  const dataProvider = useKontorDataProvider();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, label }: { key: string; label: LocalizedText }) => dataProvider.nameFactorCategory(key, label),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CATEGORIES_KEY }),
  });
}

/** Missing from the message catalogue: no real text is a lone NUL. */
const NO_NAME = '\u0000';

/** Whether the message catalogue names the category (the built-in ones: `databases.categories.*`). */
export function useBuiltInCategoryName(): (key: string) => string | undefined {
  const translate = useTranslate();
  return useCallback(
    (key: string) => {
      const name = translate(`databases.categories.${key}`, { _: NO_NAME });
      return name === NO_NAME ? undefined : name;
    },
    [translate],
  );
}

/**
 * A category's name in the interface language: the one an admin gave it, else the built-in one, else its key (a
 * category nobody named yet).
 */
export function useCategoryName(): (key: string) => string {
  const lang = useLanguage();
  const builtIn = useBuiltInCategoryName();
  const { data } = useFactorCategories();
  const named = useMemo(() => new Map((data ?? []).filter((c) => c.label).map((c) => [c.key, c.label!])), [data]);
  return useCallback((key: string) => named.get(key)?.[lang] || builtIn(key) || key, [named, lang, builtIn]);
}
