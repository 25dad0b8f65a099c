/** Loading and "not found" (or not loaded) states of the calculation pages, with a way on. */
import { Alert, Box, Button, CircularProgress } from '@mui/material';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useGetOne, useTranslate } from 'react-admin';
import type { Template } from '../../core/template';
import type { CalculationRecord } from './types';
import { useTemplateVersion } from '../template-forms/useTemplate';
import { isMissing, useLoadFailureText } from '../shell/errors/loadFailure';

export const PageLoading = () => (
  <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
    <CircularProgress aria-label="loading" />
  </Box>
);

export const PageProblem = ({
  message,
  to,
  action,
  onRetry,
}: {
  message: string;
  to: string;
  action: string;
  /** Offered when the load failed for a passing reason (busy, offline): trying again may work. */
  onRetry?: () => void;
}) => {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 2 }}>
      <Alert
        severity="warning"
        action={
          <>
            {onRetry ? (
              <Button onClick={onRetry} color="inherit">
                {translate('errors.retry')}
              </Button>
            ) : null}
            <Button component={Link} to={to} color="inherit">
              {translate(action)}
            </Button>
          </>
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
  const failureText = useLoadFailureText();
  const { id } = useParams();
  const record = useGetOne<CalculationRecord>('calculations', { id: Number(id) }, { enabled: !!id, retry: false });
  const template = useTemplateVersion(record.data?.template_id, record.data?.template_version);
  if (record.isPending || (record.data && template.isPending)) return <PageLoading />;
  if (!record.data) {
    return (
      <PageProblem
        message={failureText(record.error, translate('calculations.not_found'))}
        to={pickPath}
        action="calculations.pick_calculation"
        onRetry={isMissing(record.error) ? undefined : () => void record.refetch()}
      />
    );
  }
  if (!template.data) {
    return (
      <PageProblem
        message={failureText(
          template.error,
          translate('calculations.template_not_found', { id: record.data.template_id }),
        )}
        to="/calculations"
        action="calculations.back_to_list"
        onRetry={isMissing(template.error) ? undefined : () => void template.refetch()}
      />
    );
  }
  return children(record.data, template.data.definition);
};
