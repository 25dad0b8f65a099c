/**
 * The template's list: the columns (fields and results, in the order picked) and the filters (fields outside
 * repeatable groups, and `tags`), both picked from the template's own names instead of typed.
 */
import { Autocomplete, Box, Chip, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useLanguage } from '../i18n/useLanguage';
import type { EditableTemplate } from './definitionEdits';

interface Choice {
  name: string;
  label: string;
}

type ListPart = 'columns' | 'filters';

/** Each part's label and help text (message keys). */
const PART_TEXTS: Record<ListPart, { label: string; help: string }> = {
  columns: { label: 'templateEditor.form.list_columns', help: 'templateEditor.authoring.list_columns_help' },
  filters: { label: 'templateEditor.authoring.list_filters', help: 'templateEditor.authoring.list_filters_help' },
};

/** The names of one part of the list, picked from `choices`. */
const NamesInput = ({
  part,
  value,
  choices,
  onChange,
}: {
  part: ListPart;
  value: readonly string[];
  choices: readonly Choice[];
  onChange: (names: string[]) => void;
}) => {
  const translate = useTranslate();
  const testId = `te-list-${part}`;
  const text = (name: string) => {
    const choice = choices.find((c) => c.name === name);
    return choice && choice.label !== name ? `${choice.label} (${name})` : name;
  };
  return (
    <Autocomplete
      multiple
      size="small"
      options={choices.map((choice) => choice.name)}
      value={[...value]}
      onChange={(_, names) => onChange(names)}
      getOptionLabel={text}
      filterSelectedOptions
      renderOption={(props, name) => (
        <li {...props} key={name} data-testid={`${testId}-option-${name}`}>
          {text(name)}
        </li>
      )}
      renderValue={(names, getItemProps) =>
        names.map((name, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return (
            <Chip key={key} size="small" label={text(name)} {...itemProps} data-testid={`${testId}-chip-${name}`} />
          );
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          margin="dense"
          label={translate(PART_TEXTS[part].label)}
          helperText={translate(PART_TEXTS[part].help)}
          slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': testId } }}
        />
      )}
    />
  );
};

export const ListSettingsEditor = ({
  definition,
  onChange,
}: {
  definition: EditableTemplate;
  onChange: (list: { columns?: string[]; filters?: string[] }) => void;
}) => {
  const translate = useTranslate();
  const lang = useLanguage();
  const list = definition.list ?? {};
  const groups = definition.groups ?? [];
  const fieldChoice = (field: { name?: string; label?: Record<string, string> }): Choice => ({
    name: field.name ?? '',
    label: field.label?.[lang] ?? field.name ?? '',
  });
  const topFields = groups
    .filter((g) => !g.repeatable)
    .flatMap((g) => g.fields ?? [])
    .filter((f) => f.name)
    .map(fieldChoice);
  const results = (definition.results ?? []).filter((r) => r.name).map(fieldChoice);
  const columnChoices = [...topFields, ...results];
  const filterChoices = [
    ...topFields.filter((f) => f.name !== 'tags'),
    { name: 'tags', label: translate('templateEditor.field_types.tags') },
  ];
  return (
    <Box data-testid="te-list">
      <NamesInput
        part="columns"
        value={list.columns ?? []}
        choices={columnChoices}
        onChange={(columns) => onChange({ ...list, columns })}
      />
      <NamesInput
        part="filters"
        value={list.filters ?? []}
        choices={filterChoices}
        onChange={(filters) => {
          const { filters: _old, ...rest } = list;
          onChange(filters.length ? { ...rest, filters } : rest);
        }}
      />
    </Box>
  );
};
