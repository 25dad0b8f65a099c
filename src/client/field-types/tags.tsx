/** Free words, typed in and shown as chips. */
import { Chip, Stack } from '@mui/material';
import { TagsInput } from './TagsInput';
import type { ClientFieldType, FieldInputProps } from './contract';

export const TagChips = ({ tags }: { tags: readonly string[] }) => (
  <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
    {tags.map((tag) => (
      <Chip key={tag} label={tag} size="small" />
    ))}
  </Stack>
);

export const tags = {
  Input: ({ source, label, help, validate, placeholder }: FieldInputProps) => (
    <TagsInput source={source} label={label} helperText={help} validate={validate} placeholder={placeholder} />
  ),
  listCell: (_field, value) => (Array.isArray(value) ? <TagChips tags={value.map(String)} /> : ''),
} satisfies ClientFieldType;
