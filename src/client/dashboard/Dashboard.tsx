/**
 * The home page after sign-in: the few figures a user wants first — this year's kg CO2e, the share
 * offset, open orders — and the latest calculations and protocol entries, each linking into its screen.
 * Every block loads on its own; one that fails says so without taking the others down.
 */
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Link as MuiLink,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Title, useCanAccess, useGetIdentity, useGetList, useLocaleState, useTranslate } from 'react-admin';
import AddIcon from '@mui/icons-material/Add';
import type { CalculationListRecord, ProtocolEntryRecord, StatisticColumn } from '../../core/api';
import { CALCULATION_LIST_ROWS } from '../providers/listRows';
import { useProtocolTexts } from '../protocol/summary';
import { thisYear, useStatistic } from '../statistics/api';
import { formatFigure, formatKg } from '../statistics/format';
import { Figure } from '../statistics/Figure';
import { KG_CO2E } from '../../core/template/units';

const LATEST = 5;
const SHARE: StatisticColumn = { key: 'offset_share', unit: 'percent' };

/**
 * Equal columns from `md` up, one below, 16 px apart: what MUI's <Grid container spacing={2}> with `md` sizes laid
 * out, in plain CSS grid (the first page after signing in loads no Grid component; issue #22).
 */
const columns = (count: number) =>
  ({
    display: 'grid',
    gap: 2,
    gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: `repeat(${count}, minmax(0, 1fr))` },
  }) as const;

const More = ({ to, label }: { to: string; label: string }) => (
  <CardActions sx={{ mt: 'auto' }}>
    <MuiLink component={Link} to={to} underline="hover">
      {label}
    </MuiLink>
  </CardActions>
);

const LinkedFigure = ({
  label,
  value,
  unit,
  to,
  linkLabel,
}: {
  label: string;
  value: string;
  unit?: string;
  to: string;
  linkLabel: string;
}) => (
  <Figure label={label} value={value} unit={unit}>
    <MuiLink component={Link} to={to} underline="hover" variant="body2">
      {linkLabel}
    </MuiLink>
  </Figure>
);

const YearFigures = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const range = useMemo(() => ({ ...thisYear(), mandantId: null, language: locale }), [locale]);
  const year = range.from.slice(0, 4);
  const { data, isError } = useStatistic('overview', range);
  const row = data?.rows[0];
  const show = (value: string | undefined) => (isError ? translate('dashboard.unavailable') : (value ?? '…'));
  const co2e = typeof row?.co2e_kg === 'number' ? formatKg(locale, row.co2e_kg) : undefined;
  const share = row ? formatFigure(locale, SHARE, row.offset_share ?? null, row) : undefined;
  const open = typeof row?.open_orders === 'number' ? new Intl.NumberFormat(locale).format(row.open_orders) : undefined;
  const count = typeof row?.calculations === 'number' ? row.calculations : null;
  return (
    <Box sx={columns(3)} data-testid="dashboard-figures">
      <LinkedFigure
        label={translate('dashboard.year_co2e', { year })}
        value={show(co2e)}
        unit={co2e ? KG_CO2E : undefined}
        to="/statistics"
        linkLabel={
          count === null
            ? translate('dashboard.to_statistics')
            : translate('dashboard.calculations_count', { smart_count: count })
        }
      />
      <LinkedFigure
        label={translate('dashboard.share_offset', { year })}
        value={show(share)}
        to="/statistics"
        linkLabel={translate('dashboard.to_statistics')}
      />
      <LinkedFigure
        label={translate('dashboard.open_orders')}
        value={show(open)}
        to="/orders"
        linkLabel={translate('dashboard.to_orders')}
      />
    </Box>
  );
};

/** One of the "latest" cards: the entries, or why there are none (unavailable, or nothing yet). */
const Block = ({
  title,
  more,
  isError,
  entries,
  none,
  children,
}: {
  title: string;
  more: ReactNode;
  isError: boolean;
  entries: readonly unknown[] | undefined;
  /** What the card says when there is nothing yet. */
  none: string;
  children: ReactNode;
}) => {
  const translate = useTranslate();
  return (
    <Card component="section" aria-label={title} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      {/* CardHeader's look (16 px around an h6 title) without its module */}
      <Typography variant="h6" component="h2" sx={{ p: 2 }}>
        {title}
      </Typography>
      <CardContent sx={{ pt: 0 }}>
        {isError ? <Typography color="text.secondary">{translate('dashboard.unavailable')}</Typography> : null}
        {entries && entries.length === 0 ? <Typography color="text.secondary">{none}</Typography> : null}
        <List dense disablePadding>
          {children}
        </List>
      </CardContent>
      {more}
    </Card>
  );
};

const LatestCalculations = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data, isError } = useGetList<CalculationListRecord>('calculations', {
    pagination: { page: 1, perPage: LATEST },
    sort: { field: 'updated_at', order: 'DESC' },
    meta: CALCULATION_LIST_ROWS,
  });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  return (
    <Block
      isError={isError}
      entries={data}
      none={translate('dashboard.no_calculations')}
      title={translate('dashboard.latest_calculations')}
      more={<More to="/calculations" label={translate('dashboard.all_calculations')} />}
    >
      {(data ?? []).map((c) => (
        <ListItem key={c.id} disableGutters>
          <ListItemText
            primary={
              <MuiLink component={Link} to={`/edit/${c.id}`} underline="hover">
                {c.title}
              </MuiLink>
            }
            secondary={`${c.number} · ${date.format(new Date(c.updated_at))}${c.customer ? ` · ${c.customer}` : ''}`}
          />
          <Typography variant="body2" sx={{ whiteSpace: 'nowrap', ml: 2, fontVariantNumeric: 'tabular-nums' }}>
            {formatKg(locale, c.total_co2e)} {KG_CO2E}
          </Typography>
        </ListItem>
      ))}
    </Block>
  );
};

const LatestProtocol = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { summary } = useProtocolTexts();
  const { data, isError } = useGetList<ProtocolEntryRecord>('protocol', {
    pagination: { page: 1, perPage: LATEST },
    sort: { field: 'at', order: 'DESC' },
  });
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Block
      isError={isError}
      entries={data}
      none={translate('dashboard.no_protocol')}
      title={translate('dashboard.latest_protocol')}
      more={<More to="/protocol" label={translate('dashboard.to_protocol')} />}
    >
      {(data ?? []).map((entry) => (
        <ListItem key={entry.id} disableGutters>
          <ListItemText
            primary={summary(entry)}
            secondary={`${when.format(new Date(entry.at))}${(entry.user_name ?? entry.user_email) ? ` · ${entry.user_name ?? entry.user_email}` : ''}`}
          />
        </ListItem>
      ))}
    </Block>
  );
};

const Dashboard = () => {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const { canAccess: canCreate } = useCanAccess({ action: 'create', resource: 'calculations' });
  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate('app.menu.dashboard')} />
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {translate('app.dashboard.greeting', { name: identity?.fullName ?? '' })}
        </Typography>
        {/* The day's usual next step, for those who may take it; /new lets them pick the template. */}
        {canCreate ? (
          <Button component={Link} to="/new" variant="contained" startIcon={<AddIcon />}>
            {translate('calculations.new')}
          </Button>
        ) : null}
      </Stack>
      <Stack spacing={2}>
        <YearFigures />
        <Box sx={columns(2)}>
          <LatestCalculations />
          <LatestProtocol />
        </Box>
      </Stack>
    </Box>
  );
};

export default Dashboard;
