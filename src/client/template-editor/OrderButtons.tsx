/** Move up, move down and remove, beside each entry of a list in the form editor. */
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { LabelledIconButton } from '../layout/LabelledIconButton';

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
      <LabelledIconButton
        label={translate('templateEditor.form.remove')}
        icon={DeleteIcon}
        onClick={onRemove}
        testId={`${testId}-remove`}
      />
    </Box>
  );
};
