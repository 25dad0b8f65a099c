/**
 * `/statistics`: for a time range (default: this year) and — provider admins — one mandant or all,
 * the overview figures and every statistic as chart, table and CSV. The range lives in the URL
 * (`?from=&to=&mandant=`) so a view can be bookmarked and shared.
 */
import { Alert, Box, Grid, MenuItem, Stack, TextField } from '@mui/material';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Title, useGetList, useLocaleState, useTranslate } from 'react-admin';
import { STATISTIC_NAMES, type MandantRecord, type StatisticName } from '../../core/api';
import { useCan } from '../providers/RoleGate';
import { thisYear, useStatistic, type StatisticsRange } from './api';
import { OverviewFigures } from './OverviewFigures';
import { StatisticPanel } from './StatisticPanel';
import { LocalizedDatePicker } from '../i18n/LocalizedDateInput';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const PANELS = STATISTIC_NAMES.filter((n): n is Exclude<StatisticName, 'overview'> => n !== 'overview');
/** Tables with many columns get the full width. */
const WIDE: ReadonlySet<StatisticName> = new Set(['top_calculations', 'orders', 'offsets_by_project', 'by_channel']);

const MandantPicker = ({ value, onChange }: { value: number | null; onChange: (id: number | null) => void }) => {
  const translate = useTranslate();
  const { data } = useGetList<MandantRecord>('mandants', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'name', order: 'ASC' },
  });
  return (
    <TextField
      select
      size="small"
      label={translate('statistics.mandant')}
      value={value === null ? '' : String(value)}
      onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
      sx={{ minWidth: 220 }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{translate('statistics.all_mandants')}</MenuItem>
      {(data ?? []).map((m) => (
        <MenuItem key={m.id} value={String(m.id)}>
          {m.name}
        </MenuItem>
      ))}
    </TextField>
  );
};

const Overview = ({ range }: { range: StatisticsRange }) => {
  const { data } = useStatistic('overview', range);
  return data ? <OverviewFigures result={data} /> : null;
};

const StatisticsPage = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [params, setParams] = useSearchParams();
  const defaults = useMemo(() => thisYear(), []);
  const from = DAY.test(params.get('from') ?? '') ? params.get('from')! : defaults.from;
  const to = DAY.test(params.get('to') ?? '') ? params.get('to')! : defaults.to;
  const mandantParam = Number(params.get('mandant'));
  const isProviderAdmin = useCan('read_all', 'mandants');
  const range: StatisticsRange = {
    from,
    to,
    language: locale,
    mandantId: isProviderAdmin && mandantParam > 0 ? mandantParam : null,
  };
  const valid = from <= to;

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };

  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate('statistics.title')} />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2 }}
        component="form"
        aria-label={translate('statistics.title')}
        onSubmit={(e) => e.preventDefault()}
      >
        {(['from', 'to'] as const).map((bound) => (
          <LocalizedDatePicker
            key={bound}
            compact
            label={translate(`statistics.${bound}`)}
            value={range[bound]}
            name={bound}
            onChange={(day) => update({ [bound]: day })}
          />
        ))}
        {isProviderAdmin ? (
          <MandantPicker
            value={range.mandantId}
            onChange={(id) => update({ mandant: id === null ? null : String(id) })}
          />
        ) : null}
      </Stack>
      {!valid ? (
        <Alert severity="warning">{translate('statistics.invalid_range')}</Alert>
      ) : (
        <Stack spacing={2}>
          <Overview range={range} />
          <Grid container spacing={2}>
            {PANELS.map((name) => (
              <Grid key={name} size={{ xs: 12, lg: WIDE.has(name) ? 12 : 6 }}>
                <StatisticPanel name={name} range={range} />
              </Grid>
            ))}
          </Grid>
        </Stack>
      )}
    </Box>
  );
};

export default StatisticsPage;
