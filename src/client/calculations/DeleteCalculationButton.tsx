/**
 * Deleting a calculation, for those who may save, after a confirmation, and only while it is not frozen by an order
 * (the server would answer 409). Pessimistic: the row goes only once the server has deleted it.
 */
import { DeleteWithConfirmButton, useTranslate, type RedirectionSideEffect } from 'react-admin';
import { useCanWrite } from '../providers/useCanWrite';
import type { CalculationRecord } from './types';

export const DeleteCalculationButton = ({ record, redirect }: { record: CalculationRecord; redirect: RedirectionSideEffect }) => {
  const translate = useTranslate();
  const writer = useCanWrite();
  if (!writer || record.frozen) return null;
  return (
    <DeleteWithConfirmButton
      record={record}
      resource="calculations"
      mutationMode="pessimistic"
      redirect={redirect}
      size="small"
      confirmTitle={translate('calculations.delete_title', { number: record.number })}
      confirmContent={translate('calculations.delete_content', { title: record.title })}
      successMessage={translate('calculations.deleted', { number: record.number })}
      data-testid="calculation-delete"
    />
  );
};
