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
import { useTemplate } from '../template-forms/useTemplate';
import { isMissing, useLoadFailureText } from '../shell/errors/loadFailure';

export const editPath = (_resource: string | undefined, id?: RaRecord['id']) => `/edit/${id}`;

/**
 * The form of a calculation not yet saved (new or duplicate): saving creates it and opens it at `/edit/{id}`, and
 * spends the form's draft.
 */
export const UnsavedCalculationForm = ({
  template,
  defaultValues,
  draftKey,
  title,
  subtitle,
  duplicatedFrom,
}: {
  template: Template;
  defaultValues: CalculationFormValues;
  draftKey: string;
  title: string;
  subtitle: string;
  duplicatedFrom?: number;
}) => {
  const { conflict, onError } = useSaveFailure();
  return (
    <CreateBase
      resource="calculations"
      // Called on success only: the saved form's draft is spent.
      redirect={(resource?: string, id?: RaRecord['id']) => {
        removeDraft(draftKey);
        return editPath(resource, id);
      }}
      transform={(values: CalculationFormValues) => toCalculationWrite(template, values, { duplicatedFrom })}
      mutationOptions={{ onError }}
    >
      <Title title={title} />
      <CalculationForm
        template={template}
        defaultValues={defaultValues}
        conflict={conflict}
        alwaysEnableSave
        draftKey={draftKey}
        subtitle={subtitle}
      />
    </CreateBase>
  );
};

const NewCalculation = ({ template, databaseId }: { template: Template; databaseId: number | undefined }) => {
  const translate = useTranslate();
  const defaultValues = useMemo<CalculationFormValues>(
    () => ({ inputs: defaultInputs(template), customer: '', status: 'draft', database_id: databaseId ?? null }),
    [template, databaseId],
  );
  return (
    <UnsavedCalculationForm
      template={template}
      defaultValues={defaultValues}
      draftKey={`new:${template.id}`}
      title={translate('calculations.new_title')}
      subtitle={translate('calculations.new_subtitle')}
    />
  );
};

const CalculationCreatePage = () => {
  const translate = useTranslate();
  const { template: templateId } = useParams();
  const template = useTemplate(templateId);
  const database = useDefaultDatabaseId();
  const failureText = useLoadFailureText();
  if (template.isPending || database.isPending) return <PageLoading />;
  if (!template.data) {
    return (
      <PageProblem
        message={failureText(template.error, translate('calculations.template_not_found', { id: templateId ?? '' }))}
        to="/new"
        action="calculations.pick_template"
        onRetry={isMissing(template.error) ? undefined : () => void template.refetch()}
      />
    );
  }
  return <NewCalculation template={template.data.definition} databaseId={database.databaseId} />;
};

export default CalculationCreatePage;
