/** What changed between this database and another: added, removed, changed (old → new, %). */
import { Alert, Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import type { FactorDatabaseRecord } from '../../core/api';
import { ChoiceSelect } from '../layout/ChoiceSelect';
import { formatPercent } from '../migrations/format';
import { useFactorDiff } from './factorQueries';
import { useFactorDatabases } from './useFactorDatabases';

export const DiffView = ({ database }: { database: FactorDatabaseRecord }) => {
  const translate = useTranslate();
  const [locale = 'de'] = useLocaleState();
  const others = useFactorDatabases();
  const [against, setAgainst] = useState<number | ''>(database.based_on_id ?? '');
  const { data: diff, error } = useFactorDiff(database.id, against === '' ? null : against);
  const number = (value: number) => new Intl.NumberFormat(locale, { maximumSignificantDigits: 6 }).format(value);
  return (
    <Box>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('databases.diff.title')}
      </Typography>
      <ChoiceSelect
        id="diff-against"
        label={translate('databases.diff.against')}
        value={against}
        onChange={(value) => setAgainst(value as number)}
        choices={(others.data ?? [])
          .filter((other) => other.id !== database.id)
          .map((other) => ({ value: other.id, text: `${other.name} (${other.version_label})` }))}
        sx={{ minWidth: 280, mb: 2 }}
      />
      {error ? <Alert severity="error">{error.message}</Alert> : null}
      {diff ? (
        <Table size="small" aria-label={translate('databases.diff.title')} data-testid="database-diff">
          <TableHead>
            <TableRow>
              <TableCell>{translate('databases.diff.change')}</TableCell>
              <TableCell>{translate('databases.factors.key')}</TableCell>
              <TableCell align="right">{translate('databases.diff.old')}</TableCell>
              <TableCell align="right">{translate('databases.diff.new')}</TableCell>
              <TableCell align="right">%</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {diff.changed.map((change) => (
              <TableRow key={`c-${change.key}`}>
                <TableCell>{translate('databases.diff.changed')}</TableCell>
                <TableCell>{change.key}</TableCell>
                <TableCell align="right">{number(change.old)}</TableCell>
                <TableCell align="right">{number(change.new)}</TableCell>
                <TableCell align="right">{formatPercent(change.percent, locale)}</TableCell>
              </TableRow>
            ))}
            {diff.added.map((factor) => (
              <TableRow key={`a-${factor.key}`}>
                <TableCell>{translate('databases.diff.added')}</TableCell>
                <TableCell>{factor.key}</TableCell>
                <TableCell align="right">—</TableCell>
                <TableCell align="right">{number(factor.value)}</TableCell>
                <TableCell align="right">—</TableCell>
              </TableRow>
            ))}
            {diff.removed.map((factor) => (
              <TableRow key={`r-${factor.key}`}>
                <TableCell>{translate('databases.diff.removed')}</TableCell>
                <TableCell>{factor.key}</TableCell>
                <TableCell align="right">{number(factor.value)}</TableCell>
                <TableCell align="right">—</TableCell>
                <TableCell align="right">—</TableCell>
              </TableRow>
            ))}
            {diff.changed.length + diff.added.length + diff.removed.length === 0 ? (
              <TableRow>
                <TableCell colSpan={5}>{translate('databases.diff.none')}</TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      ) : null}
    </Box>
  );
};
