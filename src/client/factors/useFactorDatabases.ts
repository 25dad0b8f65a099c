/**
 * The factor databases the reader may see, for every screen that picks or names one (calculation forms, the importer,
 * migrations, the diff, the mandant's default). One query — react-admin's `databases` list, all of them on one page —
 * shared through the query cache, so a publish or roll-out that refreshes it reaches every screen; each caller narrows
 * and orders it here instead of asking the server its own way.
 */
import { useMemo } from 'react';
import { useGetList } from 'react-admin';
import type { FactorDatabaseRecord } from '../../core/api';

const ALL = { page: 1, perPage: 1000 };
/** The newest first, as the server orders them (valid from, the id breaking ties). */
const NEWEST = { field: 'valid_from', order: 'DESC' as const };

const ORDERS = {
  newest: null,
  /** By name, as pickers list them. */
  name: (a: FactorDatabaseRecord, b: FactorDatabaseRecord) => a.name.localeCompare(b.name) || a.id - b.id,
};

interface FactorDatabaseOptions {
  order?: keyof typeof ORDERS;
  /** Only published databases (those a calculation may use). */
  published?: boolean;
  /** false: a reader without the right to list databases gets the error at once (the caller falls back). */
  retry?: false;
}

export function useFactorDatabases({ order = 'newest', published = false, retry }: FactorDatabaseOptions = {}) {
  const query = useGetList<FactorDatabaseRecord>(
    'databases',
    { pagination: ALL, sort: NEWEST },
    retry === false ? { retry } : undefined,
  );
  const data = useMemo(() => {
    const shown = query.data?.filter((database) => !published || database.status === 'published');
    const compare = ORDERS[order];
    return compare ? shown?.sort(compare) : shown;
  }, [query.data, order, published]);
  return { ...query, data };
}
