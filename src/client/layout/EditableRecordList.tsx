/**
 * A resource's list whose rows open the record's edit page: 25 records a page, and no bulk selection (react-admin's
 * row checkboxes carry their label on the wrapper, not the input: axe, critical). The children are its columns.
 */
import type { ReactNode } from 'react';
import { DataTable, List, type ListProps } from 'react-admin';

export const EditableRecordList = ({ children, ...list }: Omit<ListProps, 'children'> & { children: ReactNode }) => (
  <List perPage={25} {...list}>
    <DataTable rowClick="edit" bulkActionButtons={false}>
      {children}
    </DataTable>
  </List>
);
