/** Table or cards: the choice is kept in react-admin's store, i.e. in localStorage, across visits. */
import { ToggleButton, ToggleButtonGroup, Tooltip } from '@mui/material';
import TableRowsIcon from '@mui/icons-material/TableRows';
import GridViewIcon from '@mui/icons-material/GridView';
import { useStore, useTranslate } from 'react-admin';

export type CalculationListView = 'table' | 'cards';
export const LIST_VIEW_STORE_KEY = 'calculations.view';

export function useListView() {
  return useStore<CalculationListView>(LIST_VIEW_STORE_KEY, 'table');
}

export const ListViewSwitch = () => {
  const translate = useTranslate();
  const [view, setView] = useListView();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={view}
      onChange={(_event, next: CalculationListView | null) => next && setView(next)}
      aria-label={translate('calculations.view.label')}
    >
      <Tooltip title={translate('calculations.view.table')}>
        <ToggleButton value="table" aria-label={translate('calculations.view.table')}>
          <TableRowsIcon fontSize="small" />
        </ToggleButton>
      </Tooltip>
      <Tooltip title={translate('calculations.view.cards')}>
        <ToggleButton value="cards" aria-label={translate('calculations.view.cards')}>
          <GridViewIcon fontSize="small" />
        </ToggleButton>
      </Tooltip>
    </ToggleButtonGroup>
  );
};
