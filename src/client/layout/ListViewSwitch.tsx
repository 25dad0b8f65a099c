/** Table or cards for a resource's list: the choice is kept in react-admin's store, i.e. in localStorage, across visits. */
import { ToggleButton, ToggleButtonGroup, Tooltip } from '@mui/material';
import TableRowsIcon from '@mui/icons-material/TableRows';
import GridViewIcon from '@mui/icons-material/GridView';
import { useStore, useTranslate } from 'react-admin';

export type ListView = 'table' | 'cards';
/** The lists that offer cards; each has `<resource>.view.{label,table,cards}` in the locales. */
type ViewedResource = 'calculations' | 'collections';

export function useListView(resource: ViewedResource): [ListView, (view: ListView) => void] {
  const [stored, setStored] = useStore<ListView>(`${resource}.view`, 'table');
  return [stored === 'cards' ? 'cards' : 'table', setStored];
}

const ICONS: Record<ListView, typeof TableRowsIcon> = { table: TableRowsIcon, cards: GridViewIcon };

export const ListViewSwitch = ({ resource }: { resource: ViewedResource }) => {
  const translate = useTranslate();
  const [view, setView] = useListView(resource);
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={view}
      aria-label={translate(`${resource}.view.label`)}
      onChange={(_event, next: ListView | null) => next && setView(next)}
    >
      {(['table', 'cards'] as const).map((option) => {
        const Icon = ICONS[option];
        return (
          <Tooltip key={option} title={translate(`${resource}.view.${option}`)}>
            <ToggleButton
              value={option}
              aria-label={translate(`${resource}.view.${option}`)}
              data-testid={`${resource}-view-${option}`}
            >
              <Icon fontSize="small" />
            </ToggleButton>
          </Tooltip>
        );
      })}
    </ToggleButtonGroup>
  );
};
