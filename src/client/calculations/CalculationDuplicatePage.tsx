/**
 * `/duplicate/:id`: a prefilled copy of a calculation, its title marked as a copy. Saving creates a new calculation
 * (new number) that records `duplicated_from`; the original is untouched.
 */
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import type { Template } from '../../core/template';
import { UnsavedCalculationForm } from './CalculationCreatePage';
import { SavedCalculation } from './PageState';
import { copyTitle, formValuesOf, type CalculationFormValues } from './payload';
import type { CalculationRecord } from './types';

const DuplicateCalculation = ({ original, template }: { original: CalculationRecord; template: Template }) => {
  const translate = useTranslate();
  const defaultValues = useMemo<CalculationFormValues>(() => {
    const values = formValuesOf(original);
    const hasTitleField = template.groups.some(
      (group) => !group.repeatable && group.fields.some((field) => field.name === 'title'),
    );
    const inputs = { ...values.inputs };
    if (hasTitleField)
      inputs.title = copyTitle(inputs.title ?? original.title, (title) =>
        translate('calculations.copy_title', { title }),
      );
    // A copy is a new record: no version to lock against.
    return { ...values, inputs, status: 'draft', version: undefined };
  }, [original, template, translate]);
  return (
    <UnsavedCalculationForm
      template={template}
      defaultValues={defaultValues}
      draftKey={`duplicate:${original.id}`}
      duplicatedFrom={original.id}
      title={translate('calculations.duplicate_title', { number: original.number })}
      subtitle={translate('calculations.duplicate_subtitle', { number: original.number })}
    />
  );
};

const CalculationDuplicatePage = () => (
  <SavedCalculation pickPath="/duplicate">
    {(original, template) => <DuplicateCalculation original={original} template={template} />}
  </SavedCalculation>
);

export default CalculationDuplicatePage;
