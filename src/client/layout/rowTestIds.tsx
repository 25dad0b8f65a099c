/**
 * A `DataTable` body whose rows carry a test id per record: DataTable styles a row (`rowSx`) but gives it no other
 * attribute, and the UI and e2e tests find a row by its record.
 */
import type { ComponentType } from 'react';
import {
  DataTableBody,
  DataTableRow,
  useRecordContext,
  type DataTableBodyProps,
  type DataTableRowProps,
  type RaRecord,
} from 'react-admin';

/** Call once per table at module level: the body is a component type, so a new one per render would remount. */
export function bodyWithRowTestIds<R extends RaRecord>(
  testId: (record: R) => string,
): ComponentType<DataTableBodyProps> {
  const Row = (props: DataTableRowProps) => {
    const record = useRecordContext<R>();
    return <DataTableRow {...props} {...({ 'data-testid': record ? testId(record) : undefined } as object)} />;
  };
  const Body = (props: DataTableBodyProps) => <DataTableBody {...props} row={Row} />;
  return Body;
}
