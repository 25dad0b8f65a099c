/**
 * Free tags as chips: type a tag and press Enter (or a comma, or leave the field) to add it; the chip's cross
 * removes it. The form holds a list of unique, trimmed strings.
 */
import { Autocomplete, Chip, TextField } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { FieldTitle, InputHelperText, useInput, type Validator } from 'react-admin';

export function addTag(tags: readonly string[], text: string): string[] {
  const tag = text.trim();
  return tag === '' || tags.includes(tag) ? [...tags] : [...tags, tag];
}

export const TagsInput = ({
  source,
  label,
  helperText,
  placeholder,
  validate,
  suggestions = [],
}: {
  source: string;
  label: ReactNode;
  helperText?: ReactNode;
  placeholder?: string;
  validate?: Validator | Validator[];
  suggestions?: string[];
}) => {
  const { id, field, fieldState, isRequired } = useInput({ source, validate });
  const [pending, setPending] = useState('');
  const tags: string[] = Array.isArray(field.value)
    ? field.value.filter((tag): tag is string => typeof tag === 'string')
    : [];
  const commit = (next: string[]) => {
    field.onChange(next);
    setPending('');
  };
  return (
    <Autocomplete<string, true, false, true>
      multiple
      freeSolo
      id={id}
      options={suggestions.filter((tag) => !tags.includes(tag))}
      value={tags}
      inputValue={pending}
      onInputChange={(_event, text, reason) => {
        if (reason === 'reset') return;
        if (text.endsWith(',')) commit(addTag(tags, text.slice(0, -1)));
        else setPending(text);
      }}
      onChange={(_event, next) => commit(next.reduce<string[]>((all, tag) => addTag(all, tag), []))}
      onBlur={() => {
        if (pending.trim() !== '') commit(addTag(tags, pending));
        field.onBlur();
      }}
      renderValue={(value, getItemProps) =>
        value.map((tag, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} label={tag} size="small" {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          label={<FieldTitle label={label} isRequired={isRequired} />}
          placeholder={placeholder}
          error={fieldState.invalid}
          helperText={<InputHelperText error={fieldState.error?.message} helperText={helperText} />}
          size="small"
          margin="dense"
        />
      )}
      fullWidth
    />
  );
};
