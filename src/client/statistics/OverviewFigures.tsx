/** The `overview` statistic as a row of key figures: kg CO2e calculated and offset, share offset, open orders. */
import { Card, CardContent, Grid, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import type { StatisticsResult } from '../../core/api';
import { formatCell } from './format';

export const Figure = ({
  label,
  value,
  unit,
  children,
}: {
  label: string;
  value: string;
  unit?: string;
  children?: ReactNode;
}) => (
  <Card sx={{ height: '100%' }}>
    <CardContent>
      <Typography variant="overline" color="text.secondary" component="h3">
        {label}
      </Typography>
      <Typography variant="h4" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
        {unit ? (
          <Typography component="span" variant="h6" color="text.secondary" sx={{ ml: 1 }}>
            {unit}
          </Typography>
        ) : null}
      </Typography>
      {children}
    </CardContent>
  </Card>
);

export const OverviewFigures = ({ result }: { result: StatisticsResult }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const row = result.rows[0] ?? {};
  return (
    <Grid container spacing={2} data-testid="statistics-overview">
      {result.columns.map((column) => (
        <Grid key={column.key} size={{ xs: 12, sm: 6, md: 12 / 5 }}>
          <Figure
            label={translate(`statistics.figures.${column.key}`, { _: column.key })}
            value={formatCell(locale, translate, column, row)}
          />
        </Grid>
      ))}
    </Grid>
  );
};
