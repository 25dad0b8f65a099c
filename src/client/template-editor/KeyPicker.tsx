/**
 * A free-text picker of catalogue keys (a unit, a factor category): the list shows each key with its name, and a key
 * the catalogue lacks can still be typed. An empty text is no key (undefined).
 */
import { Autocomplete, TextField } from '@mui/material';

/** What the editor gives a picker of one key (the unit, category and option factor pickers): one object, passed on. */
export interface KeyInput {
  value: string | undefined;
  onChange: (key: string | undefined) => void;
  testId: string;
}

export const KeyPicker = ({
  keys,
  name,
  inputText = (key) => key,
  value,
  onChange,
  testId,
  label,
  problem,
  width,
}: KeyInput & {
  keys: readonly string[];
  /** How a key reads in the list. */
  name: (key: string) => string;
  /** How a chosen key reads in the input (the key itself unless told). */
  inputText?: (key: string) => string;
  label: string;
  /** Why the typed key will be refused, shown under the input. */
  problem?: string;
  width: number;
}) => (
  <Autocomplete
    freeSolo
    size="small"
    options={keys}
    getOptionLabel={inputText}
    value={value ?? null}
    onChange={(_, next) => onChange(next || undefined)}
    onInputChange={(_, text, reason) => reason === 'input' && onChange(text.trim() || undefined)}
    renderOption={(props, key) => (
      <li {...props} key={key} data-testid={`${testId}-option-${key}`}>
        {name(key)}
      </li>
    )}
    renderInput={(params) => (
      <TextField
        {...params}
        margin="dense"
        label={label}
        error={problem !== undefined}
        helperText={problem}
        slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': testId } }}
      />
    )}
    sx={{ width }}
  />
);
