/**
 * The live preview: the generated form and its result panel, exactly as a calculation shows them
 * (the calculation form's own components), fillable with test values. It rebuilds whenever the
 * template changes, starting from the template's defaults; nothing is saved.
 */
import { Alert, Box, Typography } from '@mui/material';
import { useDeferredValue, useEffect, useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { Form, ResourceContextProvider, useTranslate } from 'react-admin';
import { defaultInputs, type Template } from '../../core/template';
import { useDefaultDatabaseId } from '../calculations/useDefaultDatabase';
import { FactorsProvider, useFactors } from '../factors/formFactors';
import { INPUTS_SOURCE } from '../template-forms/formPaths';
import { previewResults, ResultPanel } from '../template-forms/ResultPanel';
import { TemplateFields } from '../template-forms/TemplateFields';
import { TemplateHeader } from '../template-forms/TemplateHeader';
import { publishPreviewValues, type PreviewValue } from './previewValues';

/** Hands every result's value for the test values to the formula inputs of the form editor (previewValues.ts). */
const PreviewValuesReporter = ({ template }: { template: Template }) => {
  const { lookup } = useFactors();
  const inputs = useDeferredValue(useWatch({ name: INPUTS_SOURCE }) as unknown);
  const outcome = useMemo(() => previewResults(template, inputs, lookup), [template, inputs, lookup]);
  useEffect(() => {
    const values: Record<string, PreviewValue> = {};
    if (outcome?.ok)
      for (const entry of outcome.value.breakdown) values[entry.name] = { value: entry.value, unit: entry.unit };
    publishPreviewValues(values);
  }, [outcome]);
  useEffect(() => () => publishPreviewValues({}), []);
  return null;
};

export const TemplatePreview = ({ template, stale }: { template: Template | undefined; stale: boolean }) => {
  const translate = useTranslate();
  const { databaseId } = useDefaultDatabaseId();
  const key = useMemo(() => JSON.stringify(template ?? null), [template]);
  const defaults = useMemo(() => ({ inputs: template ? defaultInputs(template) : {} }), [template]);
  if (!template) return <Alert severity="info">{translate('templateEditor.preview.unavailable')}</Alert>;
  return (
    <Box data-testid="template-preview">
      <Typography variant="overline" component="h2">
        {translate('templateEditor.preview.title')}
      </Typography>
      {stale ? (
        <Alert severity="warning" sx={{ mb: 1 }} data-testid="preview-stale">
          {translate('templateEditor.preview.stale')}
        </Alert>
      ) : null}
      {/* The generated inputs are react-admin inputs of a calculation; the preview is one that is never saved. */}
      <ResourceContextProvider value="calculations">
        <FactorsProvider databaseId={databaseId}>
          <Form key={key} defaultValues={defaults} mode="all" onSubmit={() => undefined}>
            <TemplateHeader template={template} />
            <TemplateFields template={template} />
            <PreviewValuesReporter template={template} />
            <Box sx={{ mt: 2 }}>
              <ResultPanel template={template} />
            </Box>
          </Form>
        </FactorsProvider>
      </ResourceContextProvider>
    </Box>
  );
};
