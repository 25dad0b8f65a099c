/** A statistic as a table: every row, figures right-aligned in the reader's locale. */
import { Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useLocaleState, useTranslate } from 'react-admin';
import type { StatisticsResult } from '../../core/api';
import { formatCell } from './format';

type StatisticRow = StatisticsResult['rows'][number];

/**
 * The lists a row's count opens, filtered as the row is: a row that names its channel's filter value (`channel_key`,
 * the split by channel) opens the calculations or orders list filtered by that channel, through react-admin's list URL
 * (`?filter={"channel":…}`), as the lists' own channel filter would. The lists are not narrowed to the period.
 */
const LISTED: Readonly<Record<string, string>> = { calculations: 'calculations', orders: 'orders' };

function listLink(column: string, row: StatisticRow, text: ReactNode, label: (list: string) => string): ReactNode {
  const list = LISTED[column];
  const channel = row.channel_key;
  if (!list || typeof channel !== 'string') return text;
  const to = `/${list}?filter=${encodeURIComponent(JSON.stringify({ channel }))}`;
  return (
    // The count stays the link's name (axe: label in name); what it opens is its description and tooltip.
    <Link component={RouterLink} to={to} title={label(list)}>
      {text}
    </Link>
  );
}

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
                  {listLink(c.key, row, formatCell(locale, translate, c, row), (list) =>
                    translate(`statistics.open_list.${list}`, { channel: String(row.channel ?? '') }),
                  )}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
};
