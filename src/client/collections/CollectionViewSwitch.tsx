import { ToggleButton, ToggleButtonGroup, Tooltip } from '@mui/material';
import TableRowsIcon from '@mui/icons-material/TableRows';
import GridViewIcon from '@mui/icons-material/GridView';
import { useTranslate } from 'react-admin';
import { useCollectionView, type CollectionView } from './useCollectionView';

export const CollectionViewSwitch = () => {
  const translate = useTranslate();
  const [view, setView] = useCollectionView();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={view}
      aria-label={translate('collections.view.label')}
      onChange={(_event, next: CollectionView | null) => next && setView(next)}
    >
      <Tooltip title={translate('collections.view.table')}>
        <ToggleButton
          value="table"
          aria-label={translate('collections.view.table')}
          data-testid="collections-view-table"
        >
          <TableRowsIcon fontSize="small" />
        </ToggleButton>
      </Tooltip>
      <Tooltip title={translate('collections.view.cards')}>
        <ToggleButton
          value="cards"
          aria-label={translate('collections.view.cards')}
          data-testid="collections-view-cards"
        >
          <GridViewIcon fontSize="small" />
        </ToggleButton>
      </Tooltip>
    </ToggleButtonGroup>
  );
};
