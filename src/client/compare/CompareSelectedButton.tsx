/** Bulk action of the calculations list: compares the two to four selected calculations. */
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import { Link } from 'react-router-dom';
import { Button, useListContext, useTranslate } from 'react-admin';
import { COMPARE_MAX, COMPARE_MIN } from '../../core/api';
import { comparePath } from './compareIds';

export const CompareSelectedButton = () => {
  const translate = useTranslate();
  const { selectedIds } = useListContext();
  const fits = selectedIds.length >= COMPARE_MIN && selectedIds.length <= COMPARE_MAX;
  return (
    <Button
      component={Link}
      to={comparePath(selectedIds)}
      label="compare.action"
      disabled={!fits}
      data-testid="bulk-compare"
      title={fits ? undefined : translate('compare.select_hint', { min: COMPARE_MIN, max: COMPARE_MAX })}
    >
      <CompareArrowsIcon />
    </Button>
  );
};
