import { MenuItem, TextField } from '@mui/material';

const SELECT_SX = { flex: '1 1 180px', minWidth: 180 } as const;

/** One of the catalogue's choice filters: "all" (the empty value) first, then the options offered. */
export const FilterSelect = ({
  label,
  value,
  onChange,
  allLabel,
  options,
  'data-testid': testId,
}: {
  label: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  allLabel: string;
  options: readonly { value: string; label: string }[];
  'data-testid'?: string;
}) => (
  <TextField
    select
    size="small"
    label={label}
    value={value}
    onChange={onChange}
    sx={SELECT_SX}
    slotProps={testId ? { select: { inputProps: { 'data-testid': testId } } } : undefined}
  >
    <MenuItem value="">{allLabel}</MenuItem>
    {options.map((option) => (
      <MenuItem key={option.value} value={option.value}>
        {option.label}
      </MenuItem>
    ))}
  </TextField>
);
