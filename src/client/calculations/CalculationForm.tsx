/**
 * The calculation form generated from a template: header, the template's groups, the calculation's own details, the
 * live result panel beside them, and a clear conflict message when the record changed on the server meanwhile.
 */
import { Alert, AlertTitle, Box, Button, Grid } from '@mui/material';
import type { ReactNode } from 'react';
import { Form, SaveButton, Toolbar, useFormIsDirty, useRecordContext, useTranslate, useCanAccess } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { Template } from '../../core/template';
import { FactorsProvider } from '../templates/factors';
import { ResultPanel } from '../templates/ResultPanel';
import { TemplateFields } from '../templates/TemplateFields';
import { TemplateHeader } from '../templates/TemplateHeader';
import { CalculationDetails } from './CalculationDetails';
import { CalculationDraftKeeper } from './CalculationDraftKeeper';
import type { CalculationFormValues } from './payload';

export interface CalculationFormProps {
  template: Template;
  /** For new calculations and copies; an edited record comes from the EditBase context. */
  defaultValues?: CalculationFormValues;
  subtitle?: ReactNode;
  /** Set after a 409: someone else saved this calculation since it was loaded. */
  conflict?: boolean;
  onReload?: () => void;
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

const FormBody = ({ template, subtitle, conflict, onReload, alwaysEnableSave, draftKey }: CalculationFormProps) => {
  const databaseId = useWatch({ name: 'database_id' }) as unknown;
  const isDirty = useFormIsDirty();
  const translate = useTranslate();
  // Viewers may look and try figures in the preview, but the server would refuse their save (403).
  const readOnly = useCanAccess({ action: 'update', resource: 'calculations' }).canAccess === false;
  const record = useRecordContext<{ total_co2e?: unknown }>();
  const storedTotal = typeof record?.total_co2e === 'number' ? record.total_co2e : undefined;
  return (
    <FactorsProvider databaseId={typeof databaseId === 'number' ? databaseId : undefined}>
      <Box sx={{ p: { xs: 1, md: 2 } }}>
        <TemplateHeader template={template} subtitle={subtitle} />
        {conflict ? <ConflictAlert onReload={onReload} /> : null}
        {/* Said before the fields: viewers may try figures in the preview, but nothing they type is saved. */}
        {readOnly ? (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="calculation-read-only">
            {translate('calculations.read_only')}
          </Alert>
        ) : (
          <CalculationDraftKeeper formKey={draftKey} />
        )}
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 8 }}>
            <TemplateFields template={template} />
            <CalculationDetails />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <ResultPanel template={template} storedTotal={storedTotal} />
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
  <Form mode="all" reValidateMode="onChange" defaultValues={props.defaultValues} noValidate>
    <FormBody {...props} />
  </Form>
);
