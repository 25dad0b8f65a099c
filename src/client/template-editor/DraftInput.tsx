/**
 * A value typed as text (a number, a rule's argument, a field's name): the draft stays what the admin types ("0,",
 * "-", half a name) and follows the document only when it changes elsewhere (the JSON tab, undo), that is when the
 * draft no longer reads as the document's value.
 */
import { TextField } from '@mui/material';
import { useEffect, useState } from 'react';

interface DraftText<T> {
  value: T;
  /** The text a value from outside is shown as. */
  show: (value: T) => string;
  /** What a text is as a value. */
  read: (text: string) => T;
  /** What else the text is shown by (the language): its change, too, resets a draft that no longer reads right. */
  context?: unknown;
}

function useDraft<T>({ value, show, read, context }: DraftText<T>) {
  const [draft, setDraft] = useState(() => show(value));
  useEffect(() => {
    if (read(draft) !== value) setDraft(show(value));
    // Only a change from outside resets the draft; the draft itself is the source while typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value, context]);
  return [draft, setDraft] as const;
}

export function DraftInput<T>({
  label,
  testId,
  width,
  decimal,
  onChange,
  onCommit,
  ...text
}: DraftText<T> & {
  label: string;
  testId: string;
  width: number;
  /** A number: the touch keyboard offers digits and a decimal sign. */
  decimal?: boolean;
  /** Each keystroke: what the text reads as. */
  onChange?: (value: T) => void;
  /** When the input is left or Enter is pressed with a text other than the value's: the text as typed. */
  onCommit?: (text: string) => void;
}) {
  const [draft, setDraft] = useDraft(text);
  const commit = () => {
    if (draft !== text.show(text.value)) onCommit?.(draft);
  };
  return (
    <TextField
      size="small"
      margin="dense"
      label={label}
      value={draft}
      inputMode={decimal ? 'decimal' : undefined}
      onChange={(event) => {
        setDraft(event.target.value);
        onChange?.(text.read(event.target.value));
      }}
      onBlur={onCommit && commit}
      onKeyDown={
        onCommit &&
        ((event) => {
          if (event.key === 'Enter') commit();
        })
      }
      slotProps={{ htmlInput: { 'data-testid': testId, inputMode: decimal ? 'decimal' : undefined } }}
      sx={{ width }}
    />
  );
}
