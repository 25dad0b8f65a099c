/** Move up, move down and remove, beside each entry of a list in the form editor. */
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { LabelledIconButton } from '../layout/LabelledIconButton';

/**
 * The remove button of one entry (a part, a clause, a data entry, a rule, an alias, a text): its test id is the
 * entry's with `-remove`; `label` says what goes.
 */
export const RemoveButton = ({
  label,
  ariaLabel,
  onClick,
  testId,
}: {
  label: string;
  /** The accessible name when it must say more than the label (which of several texts it removes). */
  ariaLabel?: string;
  onClick: () => void;
  /** The entry's test id. */
  testId: string;
}) => (
  <LabelledIconButton
    label={label}
    ariaLabel={ariaLabel}
    icon={DeleteIcon}
    onClick={onClick}
    testId={`${testId}-remove`}
  />
);

export const OrderButtons = ({
  testId,
  onUp,
  onDown,
  onRemove,
}: {
  testId: string;
  onUp: () => void;
  onDown: () => void;
  onRemove: () => void;
}) => {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', flexShrink: 0 }}>
      <LabelledIconButton
        label={translate('templateEditor.form.move_up')}
        icon={ArrowUpwardIcon}
        onClick={onUp}
        testId={`${testId}-up`}
      />
      <LabelledIconButton
        label={translate('templateEditor.form.move_down')}
        icon={ArrowDownwardIcon}
        onClick={onDown}
        testId={`${testId}-down`}
      />
      <RemoveButton label={translate('templateEditor.form.remove')} onClick={onRemove} testId={testId} />
    </Box>
  );
};
