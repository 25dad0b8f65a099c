/** A collection's totals: kg CO2e in all, ordered (offset) and still open, and how many calculations. */
import { Box, LinearProgress, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { CollectionRecord } from '../../core/api';
import { formatResult } from '../template-forms/resultFormat';
import { useLanguage } from '../i18n/useLanguage';
import { KG_CO2E } from '../../core/template/units';

export function useCo2Text() {
  const lang = useLanguage();
  return (kg: number) => `${formatResult(kg, lang)} ${KG_CO2E}`;
}

/** Share of the total already ordered, 0…100. */
export function orderedShare(record: Pick<CollectionRecord, 'total_co2e' | 'ordered_co2e'>): number {
  return record.total_co2e > 0 ? Math.min(100, (record.ordered_co2e / record.total_co2e) * 100) : 0;
}

/** The two parts of the total, side by side under the bar: each `collections.totals.<part>` and `<part>_co2e`. */
const PARTS = ['ordered', 'open'] as const;

export const CollectionTotals = ({ record, dense = false }: { record: CollectionRecord; dense?: boolean }) => {
  const translate = useTranslate();
  const co2 = useCo2Text();
  return (
    <Box data-testid="collection-totals">
      <Typography variant={dense ? 'h6' : 'h4'} component="p">
        {co2(record.total_co2e)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('collections.totals.count', { smart_count: record.calculation_count })}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={orderedShare(record)}
        color="success"
        sx={{ my: 1, height: 6, borderRadius: 3, bgcolor: 'action.selected' }}
        aria-label={translate('collections.totals.ordered_share')}
      />
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
        {PARTS.map((part) => (
          <Typography key={part} variant="body2">
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {translate(`collections.totals.${part}`)}
            </Box>{' '}
            {co2(record[`${part}_co2e`])}
          </Typography>
        ))}
      </Stack>
    </Box>
  );
};
