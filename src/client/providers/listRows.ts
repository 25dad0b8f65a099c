/**
 * The `meta` of every calculations list query. react-admin files each record of a list answer in its getOne cache
 * under the query's meta. A list row carries only what lists show (no breakdown, only the listed inputs and results),
 * so under this key it never stands in for the record a calculation's page, a duplicate or the compare view reads.
 */
export const CALCULATION_LIST_ROWS = { rows: 'list' } as const;
