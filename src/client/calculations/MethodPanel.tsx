/**
 * The method a calculation follows (issue 21, ISO 16759): functional unit, system boundary, and per life-cycle stage
 * whether it is included — with the results that account for it and their values — or excluded, and why. Shown on the
 * calculation page beside "Where the figures come from"; templates without a method show nothing.
 */
import { Box, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { localize } from '../../core/rules';
import { localizeUnit, stageLabelKey, type Template } from '../../core/template';
import { formatResult } from '../template-forms/resultFormat';
import { useLanguage } from '../i18n/useLanguage';
import { useUnitCatalog } from '../units/useUnitCatalog';
import { CalculationPanel } from './CalculationPanel';
import type { CalculationRecord } from './types';

export const MethodPanel = ({ record, template }: { record: CalculationRecord; template: Template }) => {
  const translate = useTranslate();
  const lang = useLanguage();
  const units = useUnitCatalog();
  const method = template.method;
  if (!method) return null;
  const entries = new Map((record.results?.breakdown ?? []).map((entry) => [entry.name, entry]));
  return (
    <CalculationPanel testId="method-panel" title={translate('calculations.method.title')}>
      <Typography variant="body2" sx={{ mt: 1 }}>
        <strong>{translate('calculations.method.functional_unit')}:</strong> {localize(method.functionalUnit, lang)}
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        <strong>{translate('calculations.method.system_boundary')}:</strong> {localize(method.systemBoundary, lang)}
      </Typography>
      <Table size="small" sx={{ mt: 1 }}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('calculations.method.stage')}</TableCell>
            <TableCell>{translate('calculations.method.results')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {method.stages.map((stage) => (
            <TableRow key={stage.stage} data-testid={`method-stage-${stage.stage}`}>
              <TableCell sx={{ verticalAlign: 'top', width: '35%' }}>
                <Box>{stage.label ? localize(stage.label, lang) : translate(stageLabelKey(stage.stage))}</Box>
                <Chip
                  size="small"
                  variant="outlined"
                  color={stage.included ? 'success' : 'default'}
                  label={translate(stage.included ? 'calculations.method.included' : 'calculations.method.excluded')}
                  sx={{ mt: 0.5 }}
                />
              </TableCell>
              <TableCell sx={{ verticalAlign: 'top' }}>
                {stage.included ? (
                  stage.results.map((name, index) => {
                    const entry = entries.get(name);
                    const result = template.results.find((candidate) => candidate.name === name);
                    const label = entry ? localize(entry.label, lang) : result ? localize(result.label, lang) : name;
                    const unit = entry?.unit ?? result?.unit ?? '';
                    return (
                      <Typography
                        key={name}
                        variant="body2"
                        sx={index === 0 ? { fontWeight: 600 } : { pl: 2, color: 'text.secondary' }}
                      >
                        {label}
                        {entry ? `: ${formatResult(entry.value, lang)} ${localizeUnit(unit, lang, units)}` : ''}
                      </Typography>
                    );
                  })
                ) : (
                  <Typography variant="body2" color="text.secondary">
                    {localize(stage.reason, lang)}
                  </Typography>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </CalculationPanel>
  );
};
