/**
 * Deleting a calculation, for those who may save, after a confirmation, and only while it is not frozen by an order
 * (the server would answer 409). Pessimistic: the row goes only once the server has deleted it.
 */
import { Box, Tooltip } from '@mui/material';
import { DeleteWithConfirmButton, useTranslate, type RedirectionSideEffect } from 'react-admin';
import { useCan } from '../providers/RoleGate';
import type { CalculationListRecord } from './types';

/** Hidden on screen, read by screen readers (MUI's visuallyHidden, which @mui/material does not re-export). */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

interface Props {
  record: CalculationListRecord;
  redirect: RedirectionSideEffect;
  /** In a table row: the icon alone (its name kept for screen readers), so the row fits the page. */
  iconOnly?: boolean;
}

export const DeleteCalculationButton = ({ record, redirect, iconOnly = false }: Props) => {
  const translate = useTranslate();
  const writer = useCan('delete', 'calculations');
  if (!writer || record.frozen) return null;
  const label = translate('ra.action.delete');
  const button = (
    <DeleteWithConfirmButton
      label={
        iconOnly ? (
          <Box component="span" sx={visuallyHidden}>
            {label}
          </Box>
        ) : (
          label
        )
      }
      sx={iconOnly ? { minWidth: 0, '& .MuiButton-startIcon': { m: 0 } } : undefined}
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
  return iconOnly ? (
    <Tooltip title={label}>
      <span>{button}</span>
    </Tooltip>
  ) : (
    button
  );
};
