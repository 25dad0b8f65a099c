/** Sorting for the cards view (the table sorts by its column headers): field menu plus direction toggle. */
import { Button, IconButton, Menu, MenuItem, Tooltip } from '@mui/material';
import SortIcon from '@mui/icons-material/Sort';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import { useState } from 'react';
import { useListSortContext, useTranslate } from 'react-admin';

export const CARD_SORT_FIELDS = ['updated_at', 'created_at', 'number', 'title', 'total_co2e'] as const;

export const CardSortMenu = () => {
  const translate = useTranslate();
  const { sort, setSort } = useListSortContext();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const fieldLabel = (field: string) => translate(`calculations.fields.${field}`, { _: field });
  const descending = sort.order === 'DESC';
  return (
    <>
      <Button
        size="small"
        startIcon={<SortIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
      >
        {translate('calculations.sort_by', { field: fieldLabel(sort.field) })}
      </Button>
      <Tooltip title={translate(descending ? 'calculations.sort_descending' : 'calculations.sort_ascending')}>
        <IconButton
          size="small"
          aria-label={translate(descending ? 'calculations.sort_descending' : 'calculations.sort_ascending')}
          onClick={() => setSort({ field: sort.field, order: descending ? 'ASC' : 'DESC' })}
        >
          {descending ? <ArrowDownwardIcon fontSize="small" /> : <ArrowUpwardIcon fontSize="small" />}
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {CARD_SORT_FIELDS.map((field) => (
          <MenuItem
            key={field}
            selected={field === sort.field}
            onClick={() => {
              setSort({ field, order: sort.order });
              setAnchor(null);
            }}
          >
            {fieldLabel(field)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};
