/**
 * A table of records the screen already holds (a history, a preview's page, a report), not a resource's list page:
 * react-admin's DataTable over `useList`, no bulk selection (the row checkboxes carry their label on the wrapper, not
 * the input: axe, critical) and rows not clickable unless the screen hands a `rowClick` (the templates open their
 * editor). The children are its columns.
 */
import { DataTable, ListContextProvider, useList, type DataTableProps, type RaRecord } from 'react-admin';

export const HeldRecordsTable = <RecordType extends RaRecord>({
  data,
  isPending,
  ...table
}: { data: RecordType[] | undefined; isPending?: boolean } & DataTableProps<RecordType>) => {
  const list = useList({ data, isPending });
  return (
    <ListContextProvider value={list}>
      <DataTable rowClick={false} bulkActionButtons={false} {...table} />
    </ListContextProvider>
  );
};
