/**
 * A number input in the user's own format: German users type `1.234,5`, English users `1,234.5`. The text stays as
 * typed while editing; the form holds the parsed number (or, for text that is not a number, the text itself, so the
 * field's validator reports it instead of the input silently dropping it). On blur a number is shown formatted.
 */
import { InputAdornment, TextField } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { FieldTitle, InputHelperText, useInput } from 'react-admin';
import type { Language } from '../../core/languages';
import { formatNumber, parseLocaleNumber } from '../../core/number-format';
import { useLanguage } from '../i18n/useLanguage';
import type { FormFieldInputProps } from './formFieldInputProps';

export function numberToText(value: unknown, lang: Language, grouping = true): string {
  if (typeof value === 'number') return formatNumber(value, lang, { maximumFractionDigits: 10, grouping });
  if (typeof value === 'string') return value;
  return '';
}

/** The form value for typed text: null when empty, the number when it parses, else the raw text. */
export function textToValue(text: string, lang: Language): number | string | null {
  if (text.trim() === '') return null;
  return parseLocaleNumber(text, lang) ?? text;
}

export interface LocaleNumberInputProps extends FormFieldInputProps {
  unit?: string;
  placeholder?: string;
  integer?: boolean;
  /** Digit grouping when not editing (default true; off for years). */
  grouping?: boolean;
  readOnly?: boolean;
}

export const LocaleNumberInput = ({
  source,
  label,
  helperText,
  unit,
  placeholder,
  validate,
  integer,
  grouping = true,
  readOnly,
}: LocaleNumberInputProps) => {
  const lang = useLanguage();
  const { id, field, fieldState, isRequired } = useInput({ source, validate });
  const [text, setText] = useState(() => numberToText(field.value, lang, grouping));
  // What this input last wrote into the form: a different form value came from outside (record loaded, reset).
  const written = useRef<unknown>(field.value);
  const shownLanguage = useRef(lang);

  useEffect(() => {
    if (!Object.is(field.value, written.current) || shownLanguage.current !== lang) {
      written.current = field.value;
      shownLanguage.current = lang;
      setText(numberToText(field.value, lang, grouping));
    }
  }, [field.value, lang, grouping]);

  const error = fieldState.error?.message;
  return (
    <TextField
      id={id}
      name={field.name}
      inputRef={field.ref}
      value={text}
      onChange={(event) => {
        const next = event.target.value;
        const value = textToValue(next, lang);
        setText(next);
        written.current = value;
        field.onChange(value);
      }}
      onBlur={() => {
        field.onBlur();
        if (typeof field.value === 'number') setText(numberToText(field.value, lang, grouping));
      }}
      label={<FieldTitle label={label} isRequired={isRequired} />}
      placeholder={placeholder}
      error={fieldState.invalid}
      helperText={<InputHelperText error={error} helperText={helperText} />}
      size="small"
      margin="dense"
      fullWidth
      slotProps={{
        input: {
          readOnly,
          endAdornment: unit ? <InputAdornment position="end">{unit}</InputAdornment> : undefined,
        },
        htmlInput: { inputMode: integer ? 'numeric' : 'decimal', 'data-source': source },
      }}
    />
  );
};
