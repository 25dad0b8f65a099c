/**
 * CSV import aliases: a column header as the admin's files spell it ("Auflage") and the field it fills, row by row.
 * No rows: no `import` key at all, as the format wants it.
 */
import { Box, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useLanguage } from '../i18n/useLanguage';
import { AddButton } from './AddButton';
import { allFieldNames, freeName, type EditableTemplate } from './definitionEdits';
import { aliasEntries, aliasesFromEntries, type AliasEntry } from './formModel';
import { EditorSelect, small } from './EditorSelect';
import { RemoveButton } from './OrderButtons';

export const AliasesEditor = ({
  definition,
  onChange,
}: {
  definition: EditableTemplate;
  onChange: (settings: { aliases: Record<string, string> } | undefined) => void;
}) => {
  const translate = useTranslate();
  const lang = useLanguage();
  const entries = aliasEntries(definition.import?.aliases);
  const fields = (definition.groups ?? []).flatMap((g) => g.fields ?? []).filter((f) => f.name);
  const names = allFieldNames(definition).filter(Boolean);
  const write = (next: AliasEntry[]) =>
    onChange(next.length ? { ...definition.import, aliases: aliasesFromEntries(next) } : undefined);
  const headers = entries.map((entry) => entry.header);
  return (
    <Box data-testid="te-aliases">
      <Typography variant="caption" color="text.secondary">
        {translate('templateEditor.authoring.aliases_help')}
      </Typography>
      {entries.map((entry, index) => (
        <Box key={index} sx={{ display: 'flex', alignItems: 'center', columnGap: 1 }}>
          <TextField
            {...small}
            label={translate('templateEditor.authoring.alias_header')}
            value={entry.header}
            onChange={(e) => {
              // Two rows of one header would become one key: the second keeps its text with a number until it differs.
              const header = e.target.value;
              const taken = headers.filter((_, i) => i !== index);
              write(
                entries.map((x, i) =>
                  i === index ? { ...x, header: taken.includes(header) ? freeName(header, taken) : header } : x,
                ),
              );
            }}
            slotProps={{ htmlInput: { 'data-testid': `te-alias-${index}-header` } }}
            sx={{ width: 220 }}
          />
          <EditorSelect
            label={translate('templateEditor.authoring.alias_field')}
            value={entry.field}
            onChange={(field) => write(entries.map((x, i) => (i === index ? { ...x, field } : x)))}
            choices={(names.includes(entry.field) ? names : [entry.field, ...names]).map((name) => {
              const field = fields.find((f) => f.name === name);
              return { value: name, text: field?.label?.[lang] ? `${field.label[lang]} (${name})` : name };
            })}
            testId={`te-alias-${index}-field`}
            width={240}
          />
          <RemoveButton
            label={translate('templateEditor.authoring.remove_alias')}
            onClick={() => write(entries.filter((_, i) => i !== index))}
            testId={`te-alias-${index}`}
          />
        </Box>
      ))}
      <AddButton
        label={translate('templateEditor.authoring.add_alias')}
        disabled={names.length === 0}
        testId="te-add-alias"
        onClick={() =>
          write([
            ...entries,
            { header: freeName(translate('templateEditor.authoring.alias_new_header'), headers), field: names[0]! },
          ])
        }
      />
    </Box>
  );
};
