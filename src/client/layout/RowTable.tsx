/**
 * The small table of rows a screen already holds (an import's errors, a template's versions, a migration history):
 * translated headers, one line per row, and the screen's own empty state. Lists of a resource use react-admin's
 * `DataTable`; this is for the rows that are not a react-admin list.
 */
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  type TableCellProps,
  type TableProps,
  type TableRowProps,
} from '@mui/material';
import { Fragment, isValidElement, type Key, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/** A column: its header's message key ('' for none), or the header itself, and how its cells align. */
export type RowTableColumn =
  string | { label?: string; header?: ReactNode; align?: TableCellProps['align']; padding?: TableCellProps['padding'] };

type RowAttributes = TableRowProps & { 'data-testid'?: string };

interface RowTableProps<R> extends Omit<TableProps, 'children'> {
  /** Columns left out of a screen (`false`) are left out with their cells. */
  columns: (RowTableColumn | false)[];
  rows: readonly R[];
  rowKey: (row: R, index: number) => Key;
  /** A cell per column: its content, or a whole `<TableCell>` when it needs its own props. */
  cells: (row: R, index: number) => ReactNode[];
  rowProps?: (row: R) => RowAttributes;
  /** Shown instead of the table while there are no rows. */
  empty?: ReactNode;
  /** Shown as the table's one full-width row while there are no rows (the table keeps its headers). */
  emptyRow?: ReactNode;
  'data-testid'?: string;
}

const asColumn = (column: RowTableColumn) => (typeof column === 'string' ? { label: column } : column);

export function RowTable<R>({ columns, rows, rowKey, cells, rowProps, empty, emptyRow, ...table }: RowTableProps<R>) {
  const translate = useTranslate();
  if (rows.length === 0 && empty !== undefined) return <>{empty}</>;
  const shown = columns.flatMap((column, index) => (column === false ? [] : [{ ...asColumn(column), index }]));
  return (
    <Table size="small" {...table}>
      <TableHead>
        <TableRow>
          {shown.map(({ label, header, align, padding, index }) => (
            <TableCell key={index} align={align} padding={padding}>
              {header ?? (label ? translate(label) : null)}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row, rowIndex) => {
          const content = cells(row, rowIndex);
          return (
            <TableRow key={rowKey(row, rowIndex)} {...rowProps?.(row)}>
              {shown.map(({ align, padding, index }) => {
                const cell = content[index];
                return isValidElement(cell) && cell.type === TableCell ? (
                  <Fragment key={index}>{cell}</Fragment>
                ) : (
                  <TableCell key={index} align={align} padding={padding}>
                    {cell}
                  </TableCell>
                );
              })}
            </TableRow>
          );
        })}
        {rows.length === 0 && emptyRow !== undefined ? (
          <TableRow>
            <TableCell colSpan={shown.length}>{emptyRow}</TableCell>
          </TableRow>
        ) : null}
      </TableBody>
    </Table>
  );
}
