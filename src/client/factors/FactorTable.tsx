/**
 * The factors of one database with source, year and region. In a draft the value can be edited in place, and
 * every factor in full (or removed) in a dialog, where new ones are added too; in a derived database each factor
 * shows the base database's value beside it, overrides highlighted.
 */
import EditIcon from '@mui/icons-material/Edit';
import {
  Box,
  Button,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate, useUpdate } from 'react-admin';
import type { FactorDatabaseRecord, FactorRecord } from '../../core/api';
import type { Language } from '../../core/languages';
import { formatNumber, parseLocaleNumber } from '../../core/number-format';
import { useLanguage } from '../i18n/useLanguage';
import { FactorDialog } from './FactorDialog';
import { KG_CO2E } from '../../core/template/units';
import { useCategoryName, useDatabaseFactors } from './factorQueries';

/** A factor value as the user reads and types it (0,363 in German); NaN when the text is not a number. */
function parseFactorValue(text: string, lang: Language): number {
  return parseLocaleNumber(text, lang) ?? Number.NaN;
}
const factorValueText = (value: number, lang: Language) => formatNumber(value, lang, { maximumFractionDigits: 10 });

const ValueCell = ({ factor, editable }: { factor: FactorRecord; editable: boolean }) => {
  const lang = useLanguage();
  const [text, setText] = useState(() => factorValueText(factor.value, lang));
  const [update, { isPending }] = useUpdate<FactorRecord>();
  const notify = useNotify();
  const translate = useTranslate();
  if (!editable) return <>{factorValueText(factor.value, lang)}</>;
  const save = () => {
    const value = parseFactorValue(text, lang);
    if (!Number.isFinite(value)) return notify('databases.validation.number', { type: 'error' });
    if (value === factor.value) return;
    update(
      'factors',
      { id: factor.id, data: { value }, previousData: factor },
      { onError: () => setText(factorValueText(factor.value, lang)) },
    );
  };
  return (
    <TextField
      size="small"
      value={text}
      disabled={isPending}
      onChange={(event) => setText(event.target.value)}
      onBlur={save}
      onKeyDown={(event) => event.key === 'Enter' && save()}
      inputProps={{ 'aria-label': translate('databases.factors.value_of', { key: factor.key }), inputMode: 'decimal' }}
      sx={{ width: 120 }}
    />
  );
};

export const FactorTable = ({ database, editable }: { database: FactorDatabaseRecord; editable: boolean }) => {
  const translate = useTranslate();
  const lang = useLanguage();
  const factors = useDatabaseFactors(database.id);
  const categoryName = useCategoryName();
  const base = useDatabaseFactors(database.based_on_id);
  const baseByKey = new Map((base.data ?? []).map((factor) => [factor.key, factor]));
  const derived = database.based_on_id !== null;
  // The factor whose dialog is open: a record to change it, null to add one, undefined when closed.
  const [dialog, setDialog] = useState<FactorRecord | null | undefined>(undefined);
  return (
    <Box>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('databases.factors.title', { smart_count: factors.total ?? 0 })}
      </Typography>
      <Table size="small" aria-label={translate('databases.factors.title', { smart_count: factors.total ?? 0 })}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('databases.factors.key')}</TableCell>
            <TableCell>{translate('databases.factors.label')}</TableCell>
            <TableCell>{translate('databases.factors.category')}</TableCell>
            <TableCell>{translate('databases.factors.value')}</TableCell>
            <TableCell>{translate('databases.factors.unit')}</TableCell>
            {derived ? <TableCell>{translate('databases.factors.base_value')}</TableCell> : null}
            <TableCell>{translate('databases.factors.source')}</TableCell>
            <TableCell>{translate('databases.factors.year')}</TableCell>
            <TableCell>{translate('databases.factors.region')}</TableCell>
            {editable ? <TableCell /> : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {(factors.data ?? []).map((factor) => {
            const baseFactor = baseByKey.get(factor.key);
            const overridden = derived && baseFactor !== undefined && baseFactor.value !== factor.value;
            return (
              <TableRow
                key={factor.id}
                data-testid={`factor-${factor.key}`}
                sx={overridden ? { bgcolor: 'action.selected' } : undefined}
              >
                <TableCell>{factor.key}</TableCell>
                <TableCell>{factor.label[lang] ?? factor.label.de}</TableCell>
                <TableCell title={factor.category}>{categoryName(factor.category)}</TableCell>
                <TableCell>
                  <ValueCell key={`${factor.id}-${factor.value}`} factor={factor} editable={editable} />
                </TableCell>
                <TableCell>
                  {KG_CO2E} / {factor.unit}
                </TableCell>
                {derived ? (
                  <TableCell>
                    {baseFactor ? factorValueText(baseFactor.value, lang) : translate('databases.factors.not_in_base')}
                    {overridden ? ` (${translate('databases.factors.overridden')})` : ''}
                  </TableCell>
                ) : null}
                <TableCell>{factor.source}</TableCell>
                <TableCell>{factor.year ?? '—'}</TableCell>
                <TableCell>{factor.region ?? '—'}</TableCell>
                {editable ? (
                  <TableCell padding="checkbox">
                    <IconButton
                      size="small"
                      aria-label={translate('databases.factors.edit_title', { key: factor.key })}
                      onClick={() => setDialog(factor)}
                    >
                      <EditIcon fontSize="small" />
                    </IconButton>
                  </TableCell>
                ) : null}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {editable ? (
        <Button sx={{ mt: 2 }} onClick={() => setDialog(null)} data-testid="factor-add">
          {translate('databases.factors.add')}
        </Button>
      ) : null}
      {dialog !== undefined ? (
        <FactorDialog database={database} factor={dialog} onClose={() => setDialog(undefined)} />
      ) : null}
    </Box>
  );
};
