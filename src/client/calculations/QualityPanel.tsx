/**
 * Data quality and uncertainty of a calculation's stored results (issue 33, item 5): the total's uncertainty range,
 * the share of primary data, how the range is computed, the cut-off rule with the known exclusions and their
 * estimated size, and the treatment of biogenic carbon and allocation. Built by the same core functions and words as
 * the report PDF and the verification page, so the three say the same.
 */
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import {
  methodNotes,
  propagateUncertainty,
  uncertaintyInWords,
  breakdownContributions,
  type QualitySay,
} from '../../core/data-quality';
import { formatPercent } from '../../core/number-format';
import type { Template } from '../../core/template';
import { useLanguage } from '../i18n/useLanguage';
import { CalculationPanel } from './CalculationPanel';
import type { CalculationRecord } from './types';

const Note = ({ title, text, testId }: { title: string; text: string; testId?: string }) => (
  <Typography variant="body2" sx={{ mt: 1 }} data-testid={testId}>
    <Box component="span" sx={{ color: 'text.secondary' }}>
      {title}:{' '}
    </Box>
    {text}
  </Typography>
);

export const QualityPanel = ({ record, template }: { record: CalculationRecord; template: Template }) => {
  const translate = useTranslate();
  const lang = useLanguage();
  const results = record.results;
  if (!results?.breakdown?.length) return null;
  const say: QualitySay = (key, params) => translate(key, params);
  // Graded against this year, as a report made now would be.
  const year = new Date().getUTCFullYear();
  const uncertainty = propagateUncertainty(
    record.total_co2e,
    breakdownContributions(results.breakdown, {
      database: results.database?.id ?? '',
      machineSet: results.machine_set?.id ?? null,
    }),
    year,
  );
  const excluded = (template.method?.stages ?? []).filter((stage) => !stage.included).map((stage) => stage.stage);
  const notes = methodNotes(excluded, say);
  return (
    <CalculationPanel testId="quality-panel" title={translate('dataQuality.title')}>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 0.5, columnGap: 2, my: 1 }}
      >
        <Typography component="dt" variant="body2" color="text.secondary">
          {translate('dataQuality.uncertainty')}
        </Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600 }} data-testid="quality-uncertainty">
          {uncertaintyInWords(uncertainty, 'kg CO2e', lang, say)}
        </Typography>
        <Typography component="dt" variant="body2" color="text.secondary">
          {translate('dataQuality.primaryShare')}
        </Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600 }} data-testid="quality-primary-share">
          {formatPercent(uncertainty.primaryShare, lang)}
        </Typography>
      </Box>
      <Note title={translate('dataQuality.methodTitle')} text={notes.uncertaintyMethod} />
      <Note title={translate('dataQuality.cutOffTitle')} text={notes.cutOff} />
      <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
        {translate('dataQuality.exclusionsTitle')}:
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 3, typography: 'body2' }} data-testid="quality-exclusions">
        {notes.exclusions.map((exclusion) => (
          <li key={exclusion}>{exclusion}</li>
        ))}
      </Box>
      <Note title={translate('dataQuality.biogenicTitle')} text={notes.biogenic} />
      <Note title={translate('dataQuality.allocationTitle')} text={notes.allocation} />
    </CalculationPanel>
  );
};
