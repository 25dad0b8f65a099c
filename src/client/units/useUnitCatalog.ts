import { useMemo } from 'react';
import { useGetList } from 'react-admin';
import type { UnitRecord } from '../../core/api';
import { unitCatalog, type UnitCatalog } from '../../core/template';

/** Ten minutes: the catalogue changes rarely, and react-admin refetches it after a write to `units` anyway. */
const STALE_MS = 10 * 60_000;

/**
 * The unit catalogue, loaded once and shared by every screen through react-query's cache (`['units', 'getList', …]`).
 * Until it arrives, and if it cannot be read, the built-in words are the catalogue: units still show translated.
 */
export function useUnitCatalog(): UnitCatalog {
  const { data } = useGetList<UnitRecord>(
    'units',
    { pagination: { page: 1, perPage: 1000 }, sort: { field: 'key', order: 'ASC' } },
    { staleTime: STALE_MS },
  );
  return useMemo(() => unitCatalog(data ?? []), [data]);
}
