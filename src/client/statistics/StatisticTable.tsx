/** A statistic as a table: every row, figures right-aligned in the reader's locale. */
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { StatisticsResult } from '../../core/api';
import { formatCell } from './format';

export const StatisticTable = ({ result, title }: { result: StatisticsResult; title: string }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <TableContainer>
      <Table size="small" aria-label={title}>
        <TableHead>
          <TableRow>
            {result.columns.map((c) => (
              <TableCell key={c.key} align={c.unit === null ? 'left' : 'right'}>
                {translate(`statistics.columns.${c.key}`, { _: c.key })}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {result.rows.map((row, i) => (
            <TableRow key={i}>
              {result.columns.map((c) => (
                <TableCell
                  key={c.key}
                  align={c.unit === null ? 'left' : 'right'}
                  sx={{ fontVariantNumeric: 'tabular-nums' }}
                >
                  {formatCell(locale, translate, c, row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
};
