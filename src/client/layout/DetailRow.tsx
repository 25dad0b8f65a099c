import { TableCell, TableRow } from '@mui/material';
import type { ReactNode } from 'react';

/** One line of a detail page's table: the label as the row's header, the value beside it. */
export const DetailRow = ({
  label,
  labelWidth,
  testId,
  children,
}: {
  label: string;
  /** The label column's share of the table, e.g. `40%`. */
  labelWidth: string;
  testId?: string;
  children: ReactNode;
}) => (
  <TableRow>
    <TableCell component="th" sx={{ color: 'text.secondary', width: labelWidth }}>
      {label}
    </TableCell>
    <TableCell data-testid={testId}>{children}</TableCell>
  </TableRow>
);
