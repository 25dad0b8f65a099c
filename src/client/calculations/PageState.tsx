/** Loading and "not found" states of the calculation pages, with a way on. */
import { Alert, Box, Button, CircularProgress } from '@mui/material';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useGetOne, useTranslate } from 'react-admin';
import type { Template } from '../../core/template';
import type { CalculationRecord } from './types';
import { useTemplateVersion } from './useTemplate';

export const PageLoading = () => (
  <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
    <CircularProgress aria-label="loading" />
  </Box>
);

export const PageProblem = ({ message, to, action }: { message: string; to: string; action: string }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 2 }}>
      <Alert
        severity="warning"
        action={
          <Button component={Link} to={to} color="inherit">
            {translate(action)}
          </Button>
        }
      >
        {message}
      </Alert>
    </Box>
  );
};

/**
 * The calculation `/edit/{id}` or `/duplicate/{id}` names, with the template version it was made with, for `children`; meanwhile the loading
 * state, and for an unknown id a way back to the picker at `pickPath`.
 */
export const SavedCalculation = ({
  pickPath,
  children,
}: {
  pickPath: string;
  children: (record: CalculationRecord, template: Template) => ReactNode;
}) => {
  const translate = useTranslate();
  const { id } = useParams();
  const record = useGetOne<CalculationRecord>('calculations', { id: Number(id) }, { enabled: !!id, retry: false });
  const template = useTemplateVersion(record.data?.template_id, record.data?.template_version);
  if (record.isPending || (record.data && template.isPending)) return <PageLoading />;
  if (!record.data) {
    return (
      <PageProblem message={translate('calculations.not_found')} to={pickPath} action="calculations.pick_calculation" />
    );
  }
  if (!template.data) {
    return (
      <PageProblem
        message={translate('calculations.template_not_found', { id: record.data.template_id })}
        to="/calculations"
        action="calculations.back_to_list"
      />
    );
  }
  return children(record.data, template.data.definition);
};
