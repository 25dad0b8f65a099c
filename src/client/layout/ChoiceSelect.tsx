/**
 * A labelled small select of a few choices the screen already holds (a target database, a template, a mandant).
 * `id` links the label and names the clickable part for tests (`data-testid`).
 */
import { FormControl, InputLabel, MenuItem, Select, type SxProps, type Theme } from '@mui/material';

interface Choice {
  value: number | string;
  text: string;
}

export const ChoiceSelect = ({
  id,
  label,
  value,
  onChange,
  choices,
  sx = { width: 380, maxWidth: '100%' },
}: {
  id: string;
  label: string;
  /** '' while nothing is chosen. */
  value: number | string;
  onChange(value: number | string): void;
  choices: readonly Choice[];
  sx?: SxProps<Theme>;
}) => (
  <FormControl size="small" fullWidth={false} sx={sx}>
    <InputLabel id={id}>{label}</InputLabel>
    <Select
      labelId={id}
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      SelectDisplayProps={{ 'data-testid': id } as object}
    >
      {choices.map((choice) => (
        <MenuItem key={choice.value} value={choice.value}>
          {choice.text}
        </MenuItem>
      ))}
    </Select>
  </FormControl>
);
