/** Move up, move down and remove, beside each entry of a list in the form editor. */
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, IconButton, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';

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
      <Tooltip title={translate('templateEditor.form.move_up')}>
        <IconButton
          size="small"
          onClick={onUp}
          data-testid={`${testId}-up`}
          aria-label={translate('templateEditor.form.move_up')}
        >
          <ArrowUpwardIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={translate('templateEditor.form.move_down')}>
        <IconButton
          size="small"
          onClick={onDown}
          data-testid={`${testId}-down`}
          aria-label={translate('templateEditor.form.move_down')}
        >
          <ArrowDownwardIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={translate('templateEditor.form.remove')}>
        <IconButton
          size="small"
          onClick={onRemove}
          data-testid={`${testId}-remove`}
          aria-label={translate('templateEditor.form.remove')}
        >
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
};
