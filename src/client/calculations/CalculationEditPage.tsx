/**
 * `/edit/:id`: edit a calculation, in the template version it was made with; a stale save (409) shows a conflict
 * message and never overwrites, a save refused because an order locked it meanwhile says so and links the order.
 */
import { Link } from 'react-router-dom';
import { Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import LockIcon from '@mui/icons-material/Lock';
import { Button, EditBase, Title, useRefresh, useTranslate } from 'react-admin';
import type { Template } from '../../core/template';
import { CalculationForm } from './CalculationForm';
import { removeDraft } from './drafts';
import { SavedCalculation } from './PageState';
import { toCalculationWrite, type CalculationFormValues } from './payload';
import type { CalculationRecord } from './types';
import { useSaveFailure } from './useSaveFailure';
import { DatabaseVersionHint } from '../migrations/DatabaseVersionHint';
import { OrderOffsetsButton } from '../orders/OrderOffsetsButton';
import { useCan } from '../providers/RoleGate';
import { DeleteCalculationButton } from './DeleteCalculationButton';
import { MethodPanel } from './MethodPanel';
import { ProvenancePanel } from './ProvenancePanel';
import { QualityPanel } from './QualityPanel';
import { ReportControls } from '../reports/ReportControls';

/** An ordered (frozen) calculation or one of 0 kg cannot be ordered; the button says why. */
const orderUnavailable = (record: CalculationRecord) =>
  record.frozen ? 'orders.unavailable.frozen' : record.total_co2e > 0 ? null : 'orders.unavailable.zero';

/**
 * The page's actions, as react-admin's own edit pages have them: back to the list, duplicate, delete (confirmed, not
 * for an ordered calculation, which says why instead) and ordering offsets. Viewers only get back.
 */
const EditActions = ({ record }: { record: CalculationRecord }) => {
  const translate = useTranslate();
  const writer = useCan('update', 'calculations');
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ alignItems: 'center', flexWrap: 'wrap', px: { xs: 1, md: 2 }, pt: 1 }}
      data-testid="calculation-edit-actions"
    >
      <Button
        component={Link}
        to={`/calculations/${encodeURIComponent(record.template_type)}`}
        label="calculations.back_to_list"
        data-testid="calculation-back"
      >
        <ArrowBackIcon />
      </Button>
      <Stack direction="row" spacing={1} useFlexGap sx={{ ml: 'auto', alignItems: 'center', flexWrap: 'wrap' }}>
        {writer ? (
          <Button
            component={Link}
            to={`/duplicate/${record.id}`}
            label="calculations.duplicate"
            data-testid="calculation-duplicate"
          >
            <ContentCopyIcon />
          </Button>
        ) : null}
        {writer && record.frozen ? (
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
            data-testid="calculation-frozen-hint"
          >
            <LockIcon fontSize="inherit" />
            {translate('calculations.frozen_hint')}
          </Typography>
        ) : (
          <DeleteCalculationButton
            record={record}
            redirect={`/calculations/${encodeURIComponent(record.template_type)}`}
          />
        )}
        <OrderOffsetsButton
          subject={{ calculation: record.id }}
          unavailable={orderUnavailable(record)}
          data-testid="calculation-order"
        />
      </Stack>
    </Stack>
  );
};

const EditCalculation = ({ record, template }: { record: CalculationRecord; template: Template }) => {
  const translate = useTranslate();
  const refresh = useRefresh();
  const { conflict, setConflict, locked, onError } = useSaveFailure(record.id);
  return (
    <EditBase
      resource="calculations"
      id={record.id}
      mutationMode="pessimistic"
      redirect={false}
      transform={(values: CalculationFormValues) => toCalculationWrite(template, values)}
      mutationOptions={{
        onError,
        onSuccess: () => {
          setConflict(false);
          removeDraft(`edit:${record.id}`);
        },
      }}
    >
      <Title title={translate('calculations.edit_title', { number: record.number })} />
      <EditActions record={record} />
      <DatabaseVersionHint record={record} />
      <CalculationForm
        template={template}
        subtitle={
          <>
            {`${record.number} · ${translate('calculations.version', { version: record.version })}`}
            {/* The template version it was made with, and opens as. */}
            <span data-testid="calculation-template-version">
              {` · ${translate('calculations.template_version', { version: template.version })}`}
            </span>
          </>
        }
        conflict={conflict}
        locked={locked}
        draftKey={`edit:${record.id}`}
        onReload={() => {
          setConflict(false);
          refresh();
        }}
      />
      <MethodPanel record={record} template={template} />
      <QualityPanel record={record} template={template} />
      <ProvenancePanel record={record} template={template} />
      <ReportControls subject="calculations" id={record.id} calculations={[record]} />
    </EditBase>
  );
};

const CalculationEditPage = () => (
  <SavedCalculation pickPath="/edit">
    {(record, template) => <EditCalculation record={record} template={template} />}
  </SavedCalculation>
);

export default CalculationEditPage;
