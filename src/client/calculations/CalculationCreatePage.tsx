/** `/new/:template`: a new calculation from a template, starting from the template's defaults. */
import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { CreateBase, Title, useTranslate, type RaRecord } from 'react-admin';
import { defaultInputs, type Template } from '../../core/template';
import { CalculationForm } from './CalculationForm';
import { removeDraft } from './drafts';
import { PageLoading, PageProblem } from './PageState';
import { toCalculationWrite, type CalculationFormValues } from './payload';
import { useDefaultDatabaseId } from './useDefaultDatabase';
import { useSaveFailure } from './useSaveFailure';
import { useTemplate } from './useTemplate';

export const editPath = (_resource: string | undefined, id?: RaRecord['id']) => `/edit/${id}`;

const NewCalculation = ({ template, databaseId }: { template: Template; databaseId: number | undefined }) => {
  const translate = useTranslate();
  const { conflict, onError } = useSaveFailure();
  const defaultValues = useMemo<CalculationFormValues>(
    () => ({ inputs: defaultInputs(template), customer: '', status: 'draft', database_id: databaseId ?? null }),
    [template, databaseId],
  );
  const draftKey = `new:${template.id}`;
  return (
    <CreateBase
      resource="calculations"
      // Called on success only: the saved form's draft is spent.
      redirect={(resource?: string, id?: RaRecord['id']) => {
        removeDraft(draftKey);
        return editPath(resource, id);
      }}
      transform={(values: CalculationFormValues) => toCalculationWrite(template, values)}
      mutationOptions={{ onError }}
    >
      <Title title={translate('calculations.new_title')} />
      <CalculationForm template={template} defaultValues={defaultValues} conflict={conflict} alwaysEnableSave draftKey={draftKey}
        subtitle={translate('calculations.new_subtitle')} />
    </CreateBase>
  );
};

const CalculationCreatePage = () => {
  const translate = useTranslate();
  const { template: templateId } = useParams();
  const template = useTemplate(templateId);
  const database = useDefaultDatabaseId();
  if (template.isPending || database.isPending) return <PageLoading />;
  if (!template.data) {
    return <PageProblem message={translate('calculations.template_not_found', { id: templateId ?? '' })} to="/new" action="calculations.pick_template" />;
  }
  return <NewCalculation template={template.data.definition} databaseId={database.databaseId} />;
};

export default CalculationCreatePage;
