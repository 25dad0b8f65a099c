/**
 * One statistic as a card: title, chart, the same figures as a table, and a CSV download (rendered
 * by the server in the user's language). A range without data shows the empty state, not an empty chart.
 */
import { Alert, Box, Card, CardContent, CardHeader, CircularProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { StatisticName } from '../../core/api';
import { statisticCsvPath, useStatistic, type StatisticsRange } from './api';
import { chartSpec, isEmpty } from './chartData';
import { DownloadButton } from '../shell/download/DownloadButton';
import { StatisticChart } from './StatisticChart';
import { StatisticTable } from './StatisticTable';

export const StatisticPanel = ({ name, range }: { name: StatisticName; range: StatisticsRange }) => {
  const translate = useTranslate();
  const { data, error, isPending } = useStatistic(name, range);
  const title = translate(`statistics.names.${name}`);
  const spec = data ? chartSpec(data) : null;
  return (
    <Card component="section" aria-label={title} data-testid={`statistic-${name}`} sx={{ height: '100%' }}>
      <CardHeader
        title={title}
        titleTypographyProps={{ variant: 'h6', component: 'h2' }}
        action={
          data && !isEmpty(data) ? (
            <DownloadButton
              path={() => statisticCsvPath(name, range)}
              fileName={`statistics-${name}.csv`}
              label="statistics.download"
              failedMessage="statistics.download_failed"
            />
          ) : null
        }
      />
      <CardContent sx={{ pt: 0 }}>
        {isPending ? <CircularProgress size={24} aria-label={translate('ra.page.loading')} /> : null}
        {error ? (
          <Alert severity="error">{translate('statistics.error', { message: (error as Error).message })}</Alert>
        ) : null}
        {data && isEmpty(data) ? (
          <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }} data-testid="statistic-empty">
            {translate('statistics.empty')}
          </Typography>
        ) : null}
        {data && !isEmpty(data) ? (
          <>
            {spec ? (
              <Box
                sx={{ mb: 2 }}
                role="figure"
                data-testid="statistic-chart"
                data-value={spec.value.key}
                aria-label={`${title}: ${translate(`statistics.columns.${spec.value.key}`, { _: spec.value.key })}`}
              >
                <StatisticChart result={data} spec={spec} />
              </Box>
            ) : null}
            <StatisticTable result={data} title={title} />
          </>
        ) : null}
      </CardContent>
    </Card>
  );
};
