/**
 * The template editor's compact select: a small, dense native `<select>` of a fixed width, its test id on the
 * `<select>` itself. Native because the editor's rows hold many of them side by side and the browser's own list is
 * the quickest to pick from with the keyboard. Callers name the choices (and keep a value the list lacks, if they must).
 */
import { TextField } from '@mui/material';

/** The editor's inputs are compact: many stand side by side in one row. Spread into a MUI `TextField`. */
export const small = { size: 'small', margin: 'dense' } as const;

export interface EditorChoice {
  value: string;
  text: string;
}

export const EditorSelect = ({
  label,
  ariaLabel,
  value,
  onChange,
  choices,
  testId,
  width,
  shrinkLabel,
}: {
  /** The visible label; `ariaLabel` names a select that has none. */
  label?: string;
  ariaLabel?: string;
  value: string;
  onChange(value: string): void;
  choices: readonly EditorChoice[];
  testId: string;
  width: number;
  /** Keeps the label above even while the chosen option's text is empty. */
  shrinkLabel?: boolean;
}) => (
  <TextField
    {...small}
    select
    label={label}
    value={value}
    onChange={(event) => onChange(event.target.value)}
    slotProps={{
      select: { native: true },
      ...(shrinkLabel ? { inputLabel: { shrink: true } } : {}),
      htmlInput: { 'data-testid': testId, ...(ariaLabel ? { 'aria-label': ariaLabel } : {}) },
    }}
    sx={{ width }}
  >
    {choices.map((choice) => (
      <option key={choice.value} value={choice.value}>
        {choice.text}
      </option>
    ))}
  </TextField>
);
