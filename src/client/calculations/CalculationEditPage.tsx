/** `/edit/:id`: edit a calculation; a stale save (409) shows a conflict message and never overwrites. */
import { Link, useParams } from 'react-router-dom';
import { Box } from '@mui/material';
import EnergySavingsLeafIcon from '@mui/icons-material/EnergySavingsLeaf';
import { Button, EditBase, Title, useGetOne, usePermissions, useRefresh, useTranslate } from 'react-admin';
import type { Template } from '../../core/template';
import { CalculationForm } from './CalculationForm';
import { removeDraft } from './drafts';
import { PageLoading, PageProblem } from './PageState';
import { toCalculationWrite, type CalculationFormValues } from './payload';
import type { CalculationRecord } from './types';
import { useSaveFailure } from './useSaveFailure';
import { useTemplate } from './useTemplate';
import { DatabaseVersionHint } from '../migrations/DatabaseVersionHint';
import { newOrderPath } from '../orders';

/** Ordering offsets starts from here; an ordered (frozen) calculation cannot be ordered again. */
const OrderOffsetsButton = ({ record }: { record: CalculationRecord }) => {
  const { permissions } = usePermissions<string>();
  if (record.frozen || permissions === 'viewer') return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
      <Button component={Link} to={newOrderPath({ calculation: record.id })} label="orders.order_offsets" variant="outlined" data-testid="calculation-order">
        <EnergySavingsLeafIcon />
      </Button>
    </Box>
  );
};

const EditCalculation = ({ record, template }: { record: CalculationRecord; template: Template }) => {
  const translate = useTranslate();
  const refresh = useRefresh();
  const { conflict, setConflict, onError } = useSaveFailure();
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
      <DatabaseVersionHint record={record} />
      <OrderOffsetsButton record={record} />
      <CalculationForm
        template={template}
        subtitle={`${record.number} · ${translate('calculations.version', { version: record.version })}`}
        conflict={conflict}
        draftKey={`edit:${record.id}`}
        onReload={() => {
          setConflict(false);
          refresh();
        }}
      />
    </EditBase>
  );
};

export const CalculationEditPage = () => {
  const translate = useTranslate();
  const { id } = useParams();
  const record = useGetOne<CalculationRecord>('calculations', { id: Number(id) }, { enabled: !!id, retry: false });
  const template = useTemplate(record.data?.template_id);
  if (record.isPending || (record.data && template.isPending)) return <PageLoading />;
  if (!record.data) {
    return <PageProblem message={translate('calculations.not_found', { id: id ?? '' })} to="/edit" action="calculations.pick_calculation" />;
  }
  if (!template.data) {
    return <PageProblem message={translate('calculations.template_not_found', { id: record.data.template_id })} to="/calculations" action="calculations.back_to_list" />;
  }
  return <EditCalculation record={record.data} template={template.data.definition} />;
};

export default CalculationEditPage;
