/**
 * A number typed as text: the draft stays what the admin types ("0,", "-") while the document gets the number once it
 * is one, and follows the document when it changes elsewhere (the JSON tab, undo).
 */
import { TextField } from '@mui/material';
import { useEffect, useState } from 'react';

export function parseNumber(text: string): number | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '' || !/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(trimmed)) return undefined;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : undefined;
}

export const NumberDraftInput = ({
  value,
  onChange,
  label,
  testId,
  width = 110,
}: {
  value: number | undefined;
  /** undefined: the text is empty (or not a number yet). */
  onChange: (value: number | undefined) => void;
  label: string;
  testId: string;
  width?: number;
}) => {
  const [draft, setDraft] = useState(value === undefined ? '' : String(value));
  useEffect(() => {
    if (parseNumber(draft) !== value) setDraft(value === undefined ? '' : String(value));
    // Only a change from outside resets the draft; the draft itself is the source while typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  return (
    <TextField
      size="small"
      margin="dense"
      label={label}
      value={draft}
      inputMode="decimal"
      onChange={(event) => {
        setDraft(event.target.value);
        onChange(parseNumber(event.target.value));
      }}
      slotProps={{ htmlInput: { 'data-testid': testId, inputMode: 'decimal' } }}
      sx={{ width }}
    />
  );
};
