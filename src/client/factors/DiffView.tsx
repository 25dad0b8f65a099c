/** What changed between this database and another: added, removed, changed (old → new, %, and every other attribute). */
import { Alert, Box, Typography } from '@mui/material';
import { useState } from 'react';
import { DataTable, useLocaleState, useTranslate, type TranslateFunction } from 'react-admin';
import type { FactorDatabaseDiff, FactorDatabaseRecord } from '../../core/api';
import { ChoiceSelect } from '../layout/ChoiceSelect';
import { HeldRecordsTable } from '../layout/HeldRecordsTable';
import { formatPercent } from './format';
import { useFactorDiff } from './factorQueries';
import { useFactorDatabases } from './useFactorDatabases';

/** One line of the diff: raw numbers, so that the table sorts by value, shown formatted. */
interface DiffRow {
  id: string;
  kind: 'changed' | 'added' | 'removed';
  key: string;
  old: number | null;
  new: number | null;
  percent: string;
  attributes: string;
}

function diffRows(diff: FactorDatabaseDiff | undefined, locale: string, translate: TranslateFunction): DiffRow[] {
  if (!diff) return [];
  const row = (kind: DiffRow['kind'], key: string, rest: Omit<DiffRow, 'id' | 'kind' | 'key'>): DiffRow => ({
    id: `${kind[0]}-${key}`,
    kind,
    key,
    ...rest,
  });
  return [
    ...diff.changed.map((change) =>
      row('changed', change.key, {
        old: change.old,
        new: change.new,
        percent: change.old === change.new ? '—' : formatPercent(change.percent, locale),
        // Source, year, region, unit and category changes: a change of the record a report cites is shown too.
        attributes:
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
      }),
    ),
    ...diff.added.map((factor) =>
      row('added', factor.key, { old: null, new: factor.value, percent: '—', attributes: '—' }),
    ),
    ...diff.removed.map((factor) =>
      row('removed', factor.key, { old: factor.value, new: null, percent: '—', attributes: '—' }),
    ),
  ];
}

export const DiffView = ({ database }: { database: FactorDatabaseRecord }) => {
  const translate = useTranslate();
  const [locale = 'de'] = useLocaleState();
  const others = useFactorDatabases();
  const [against, setAgainst] = useState<number | ''>(database.based_on_id ?? '');
  const { data: diff, error } = useFactorDiff(database.id, against === '' ? null : against);
  const number = (value: number | null) =>
    value === null ? '—' : new Intl.NumberFormat(locale, { maximumSignificantDigits: 6 }).format(value);
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
        <HeldRecordsTable
          data={diffRows(diff, locale, translate)}
          resource="factor-diff"
          aria-label={translate('databases.diff.title')}
          data-testid="database-diff"
          empty={<Typography data-testid="database-diff">{translate('databases.diff.none')}</Typography>}
        >
          <DataTable.Col
            source="kind"
            label="databases.diff.change"
            render={(row: DiffRow) => translate(`databases.diff.${row.kind}`)}
          />
          <DataTable.Col source="key" label="databases.factors.key" />
          <DataTable.Col
            source="old"
            label="databases.diff.old"
            align="right"
            render={(row: DiffRow) => number(row.old)}
          />
          <DataTable.Col
            source="new"
            label="databases.diff.new"
            align="right"
            render={(row: DiffRow) => number(row.new)}
          />
          <DataTable.Col label="%" align="right" render={(row: DiffRow) => row.percent} />
          <DataTable.Col label="databases.diff.attributes" render={(row: DiffRow) => row.attributes} />
        </HeldRecordsTable>
      ) : null}
    </Box>
  );
};
