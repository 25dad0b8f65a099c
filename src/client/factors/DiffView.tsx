/** What changed between this database and another: added, removed, changed (old → new, %, and every other attribute). */
import { Alert, Box, Typography } from '@mui/material';
import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import type { FactorDatabaseRecord } from '../../core/api';
import { ChoiceSelect } from '../layout/ChoiceSelect';
import { RowTable } from '../layout/RowTable';
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
        <RowTable
          aria-label={translate('databases.diff.title')}
          data-testid="database-diff"
          columns={[
            'databases.diff.change',
            'databases.factors.key',
            { label: 'databases.diff.old', align: 'right' },
            { label: 'databases.diff.new', align: 'right' },
            { header: '%', align: 'right' },
            'databases.diff.attributes',
          ]}
          rows={[
            ...diff.changed.map((change) => ({
              kind: 'changed',
              key: change.key,
              cells: [
                number(change.old),
                number(change.new),
                change.old === change.new ? '—' : formatPercent(change.percent, locale),
                // Source, year, region, unit and category changes: a change of the record a report cites is shown too.
                (change.attributes ?? [])
                  .filter((attribute) => attribute.name !== 'value')
                  .map((attribute) => {
                    // Data quality is a word of the catalogue (primary, average …), not an id.
                    const words =
                      attribute.name === 'data_type' ? 'type' : attribute.name === 'technology' ? 'technology' : null;
                    const shown = (value: string | number | null) =>
                      value === null ? '—' : words ? translate(`dataQuality.${words}.${value}`) : value;
                    return `${translate(`databases.factors.${attribute.name}`)}: ${shown(attribute.old)} → ${shown(attribute.new)}`;
                  })
                  .join('; ') || '—',
              ],
            })),
            ...diff.added.map((factor) => ({
              kind: 'added',
              key: factor.key,
              cells: ['—', number(factor.value), '—', '—'],
            })),
            ...diff.removed.map((factor) => ({
              kind: 'removed',
              key: factor.key,
              cells: [number(factor.value), '—', '—', '—'],
            })),
          ]}
          rowKey={(row) => `${row.kind[0]}-${row.key}`}
          cells={(row) => [translate(`databases.diff.${row.kind}`), row.key, ...row.cells]}
          emptyRow={translate('databases.diff.none')}
        />
      ) : null}
    </Box>
  );
};
