/** The `overview` statistic as a row of key figures: kg CO2e calculated and offset, share offset, open orders. */
import { Grid } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { StatisticsResult } from '../../core/api';
import { Figure } from './Figure';
import { formatCell } from './format';

export const OverviewFigures = ({ result }: { result: StatisticsResult }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const row = result.rows[0] ?? {};
  return (
    <Grid container spacing={2} data-testid="statistics-overview">
      {result.columns.map((column) => (
        // Five across only where they have the room (from 1200 px): at 1024 px a fifth cut the labels (issue #35).
        <Grid key={column.key} size={{ xs: 12, sm: 6, md: 4, lg: 12 / 5 }}>
          <Figure
            label={translate(`statistics.figures.${column.key}`, { _: column.key })}
            value={formatCell(locale, translate, column, row)}
          />
        </Grid>
      ))}
    </Grid>
  );
};
