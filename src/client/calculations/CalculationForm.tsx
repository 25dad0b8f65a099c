/**
 * The calculation form generated from a template: header, the template's groups, the calculation's own details, the
 * live result panel beside them, and a clear conflict message when the record changed on the server meanwhile.
 */
import { Alert, AlertTitle, Box, Button, Grid, Link as MuiLink } from '@mui/material';
import { Link } from 'react-router-dom';
import type { ReactNode } from 'react';
import { Form, SaveButton, Toolbar, useFormIsDirty, useRecordContext, useTranslate, useCanAccess } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { Template } from '../../core/template';
import { FactorsProvider } from '../factors/formFactors';
import { ResultPanel } from '../template-forms/ResultPanel';
import { TemplateFields } from '../template-forms/TemplateFields';
import { TemplateHeader } from '../template-forms/TemplateHeader';
import { CalculationDetails } from './CalculationDetails';
import { CalculationDraftKeeper } from './CalculationDraftKeeper';
import type { CalculationFormValues } from './payload';
import type { CalculationRecord } from './types';
import type { SaveLock } from './useSaveFailure';

export interface CalculationFormProps {
  template: Template;
  /** For new calculations and copies; an edited record comes from the EditBase context. */
  defaultValues?: CalculationFormValues;
  subtitle?: ReactNode;
  /** Set after a 409: someone else saved this calculation since it was loaded. */
  conflict?: boolean;
  onReload?: () => void;
  /** Set after a save the server refused because an offset order locked the calculation meanwhile. */
  locked?: SaveLock | null;
  /** A new or copied calculation may be saved unchanged; an edit only when something changed. */
  alwaysEnableSave?: boolean;
  /** Which form this is, for its unsaved draft (`new:<template>`, `edit:<id>`, `duplicate:<id>`; see drafts.ts). */
  draftKey: string;
}

const ConflictAlert = ({ onReload }: { onReload?: () => void }) => {
  const translate = useTranslate();
  return (
    <Alert
      severity="error"
      role="alert"
      data-testid="calculation-conflict"
      sx={{ mb: 2 }}
      action={
        onReload ? (
          <Button color="inherit" size="small" onClick={onReload}>
            {translate('calculations.conflict.reload')}
          </Button>
        ) : undefined
      }
    >
      <AlertTitle>{translate('calculations.conflict.title')}</AlertTitle>
      {translate('calculations.conflict.message')}
    </Alert>
  );
};

/**
 * A calculation an offset order froze: why it cannot change, and the order that froze it. `message` is the server's
 * own answer to a refused save; a page opened on a frozen calculation says it before anyone types.
 */
const LockedAlert = ({ lock }: { lock: SaveLock }) => {
  const translate = useTranslate();
  return (
    <Alert severity="warning" role="alert" sx={{ mb: 2 }} data-testid="calculation-locked">
      <AlertTitle>{translate('calculations.locked.title')}</AlertTitle>
      {lock.message || translate('calculations.locked.message')}
      {lock.order ? (
        <>
          {' '}
          <MuiLink component={Link} to={`/orders/${lock.order.id}`} data-testid="calculation-locked-order">
            {translate('calculations.locked.order', { number: lock.order.number })}
          </MuiLink>
        </>
      ) : null}
    </Alert>
  );
};

const FormBody = ({
  template,
  subtitle,
  conflict,
  onReload,
  locked,
  alwaysEnableSave,
  draftKey,
}: CalculationFormProps) => {
  const databaseId = useWatch({ name: 'database_id' }) as unknown;
  const isDirty = useFormIsDirty();
  const translate = useTranslate();
  const record = useRecordContext<CalculationRecord>();
  // An ordered calculation never changes again: its page is read-only from the start, with the reason.
  const lock: SaveLock | null =
    locked ?? (record?.frozen ? { message: '', ...(record.locked_by && { order: record.locked_by }) } : null);
  // Viewers may look and try figures in the preview, but the server would refuse their save (403).
  const viewer = useCanAccess({ action: 'update', resource: 'calculations' }).canAccess === false;
  const readOnly = viewer || lock !== null;
  const storedTotal = typeof record?.total_co2e === 'number' ? record.total_co2e : undefined;
  return (
    <FactorsProvider databaseId={typeof databaseId === 'number' ? databaseId : undefined}>
      <Box sx={{ p: { xs: 1, md: 2 } }}>
        <TemplateHeader template={template} subtitle={subtitle} />
        {conflict && !lock ? <ConflictAlert onReload={onReload} /> : null}
        {lock ? <LockedAlert lock={lock} /> : null}
        {/* Said before the fields: viewers may try figures in the preview, but nothing they type is saved. */}
        {viewer ? (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="calculation-read-only">
            {translate('calculations.read_only')}
          </Alert>
        ) : lock ? null : (
          <CalculationDraftKeeper formKey={draftKey} />
        )}
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 8 }}>
            {/* A disabled fieldset disables every input inside it: a locked calculation can be read, not typed in. */}
            <Box component="fieldset" disabled={lock !== null} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
              <TemplateFields template={template} />
              <CalculationDetails />
            </Box>
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <ResultPanel template={template} storedTotal={storedTotal} stored={record} />
          </Grid>
        </Grid>
      </Box>
      {readOnly ? null : (
        <Toolbar>
          {/* Validation on blur runs while the pointer is on its way to this button: react-admin would disable the
              button for that moment and swallow the click, so a changed form keeps it enabled. */}
          <SaveButton alwaysEnable={alwaysEnableSave || isDirty || undefined} />
        </Toolbar>
      )}
    </FactorsProvider>
  );
};

export const CalculationForm = (props: CalculationFormProps) => (
  // Validate on input and on blur; fields re-validate on every change once touched.
  <Form mode="all" reValidateMode="onChange" defaultValues={props.defaultValues} noValidate warnWhenUnsavedChanges>
    <FormBody {...props} />
  </Form>
);
