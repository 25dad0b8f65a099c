/**
 * Texts in the five languages: a caption, then one short input per language; and the optional ones (help,
 * placeholder, description), offered by a button while absent so the JSON holds only what the admin added.
 */
import { Box, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { LANGUAGES, type LocalizedText } from '../../core/languages';
import { AddButton } from './AddButton';
import { RemoveButton } from './OrderButtons';

export const LocalizedInputs = ({
  value,
  onChange,
  testId,
  label,
}: {
  value: Partial<LocalizedText> | undefined;
  onChange: (next: LocalizedText) => void;
  testId: string;
  label: string;
}) => (
  <Box role="group" aria-label={label} sx={{ mt: 0.5, flex: 1 }}>
    <Typography variant="caption" color="text.secondary">
      {label}
    </Typography>
    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))', columnGap: 1 }}>
      {LANGUAGES.map((lang) => (
        <TextField
          key={lang}
          size="small"
          margin="none"
          label={lang.toUpperCase()}
          value={value?.[lang] ?? ''}
          onChange={(event) => onChange({ ...(value as LocalizedText), [lang]: event.target.value })}
          slotProps={{ htmlInput: { 'data-testid': `${testId}-${lang}`, 'aria-label': `${label} (${lang})` } }}
        />
      ))}
    </Box>
  </Box>
);

export type OptionalTextKey = 'help' | 'placeholder' | 'description';

const EMPTY: LocalizedText = { de: '', en: '', fr: '', it: '', es: '' };

/** The optional texts `keys` of `owner`: present ones as inputs with a remove button, absent ones as "add" buttons. */
export const OptionalTexts = ({
  owner,
  keys,
  testId,
  onChange,
}: {
  owner: Partial<Record<OptionalTextKey, LocalizedText>>;
  keys: readonly OptionalTextKey[];
  testId: string;
  onChange: (key: OptionalTextKey, text: LocalizedText | undefined) => void;
}) => {
  const translate = useTranslate();
  const absent = keys.filter((key) => owner[key] === undefined);
  return (
    <Box>
      {keys
        .filter((key) => owner[key] !== undefined)
        .map((key) => (
          <Box key={key} sx={{ display: 'flex', alignItems: 'flex-end', gap: 1 }}>
            <LocalizedInputs
              label={translate(`templateEditor.authoring.${key}`)}
              testId={`${testId}-${key}`}
              value={owner[key]}
              onChange={(text) => onChange(key, text)}
            />
            <RemoveButton
              label={translate('templateEditor.authoring.remove_text')}
              ariaLabel={`${translate('templateEditor.authoring.remove_text')}: ${translate(`templateEditor.authoring.${key}`)}`}
              onClick={() => onChange(key, undefined)}
              testId={`${testId}-${key}`}
            />
          </Box>
        ))}
      {absent.map((key) => (
        <AddButton
          key={key}
          label={translate(`templateEditor.authoring.add_${key}`)}
          onClick={() => onChange(key, { ...EMPTY })}
          testId={`${testId}-add-${key}`}
        />
      ))}
    </Box>
  );
};
