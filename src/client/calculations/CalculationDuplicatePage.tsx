/**
 * `/duplicate/:id`: a prefilled copy of a calculation, its title marked as a copy. Saving creates a new calculation
 * (new number) that records `duplicated_from`; the original is untouched.
 */
import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { CreateBase, Title, useGetOne, useTranslate, type RaRecord } from 'react-admin';
import type { Template } from '../../core/template';
import { editPath } from './CalculationCreatePage';
import { CalculationForm } from './CalculationForm';
import { removeDraft } from './drafts';
import { PageLoading, PageProblem } from './PageState';
import { copyTitle, formValuesOf, toCalculationWrite, type CalculationFormValues } from './payload';
import type { CalculationRecord } from './types';
import { useSaveFailure } from './useSaveFailure';
import { useTemplate } from './useTemplate';

const DuplicateCalculation = ({ original, template }: { original: CalculationRecord; template: Template }) => {
  const translate = useTranslate();
  const { conflict, onError } = useSaveFailure();
  const defaultValues = useMemo<CalculationFormValues>(() => {
    const values = formValuesOf(original);
    const hasTitleField = template.groups.some((group) => !group.repeatable && group.fields.some((field) => field.name === 'title'));
    const inputs = { ...values.inputs };
    if (hasTitleField) inputs.title = copyTitle(inputs.title ?? original.title, (title) => translate('calculations.copy_title', { title }));
    // A copy is a new record: no version to lock against.
    return { ...values, inputs, status: 'draft', version: undefined };
  }, [original, template, translate]);
  const draftKey = `duplicate:${original.id}`;
  return (
    <CreateBase
      resource="calculations"
      // Called on success only: the saved form's draft is spent.
      redirect={(resource?: string, id?: RaRecord['id']) => {
        removeDraft(draftKey);
        return editPath(resource, id);
      }}
      transform={(values: CalculationFormValues) => toCalculationWrite(template, values, { duplicatedFrom: original.id })}
      mutationOptions={{ onError }}
    >
      <Title title={translate('calculations.duplicate_title', { number: original.number })} />
      <CalculationForm template={template} defaultValues={defaultValues} conflict={conflict} alwaysEnableSave draftKey={draftKey}
        subtitle={translate('calculations.duplicate_subtitle', { number: original.number })} />
    </CreateBase>
  );
};

const CalculationDuplicatePage = () => {
  const translate = useTranslate();
  const { id } = useParams();
  const original = useGetOne<CalculationRecord>('calculations', { id: Number(id) }, { enabled: !!id, retry: false });
  const template = useTemplate(original.data?.template_id);
  if (original.isPending || (original.data && template.isPending)) return <PageLoading />;
  if (!original.data) {
    return <PageProblem message={translate('calculations.not_found', { id: id ?? '' })} to="/duplicate" action="calculations.pick_calculation" />;
  }
  if (!template.data) {
    return <PageProblem message={translate('calculations.template_not_found', { id: original.data.template_id })} to="/calculations" action="calculations.back_to_list" />;
  }
  return <DuplicateCalculation original={original.data} template={template.data.definition} />;
};

export default CalculationDuplicatePage;
