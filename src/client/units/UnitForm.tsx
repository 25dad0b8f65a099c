import { SimpleForm, TextInput, regex, required, useRecordContext, useTranslate } from 'react-admin';
import { Typography } from '@mui/material';
import { CreateUnitRequest, type UnitRecord } from '../../core/api';
import { LANGUAGES, LANGUAGE_NAMES, type LocalizedText } from '../../core/languages';
import { UNIT_KEY_PATTERN } from '../../core/template';
import { contractRules } from '../providers/contractRules';

const keyRules = [required(), regex(UNIT_KEY_PATTERN, 'units.validation.key')];
const labelRules = contractRules(CreateUnitRequest, 'label.de');
// The singular takes the label's limits (one declaration in the contract), but may stay empty.
const singularRules = contractRules(CreateUnitRequest, 'label.de', { required: false });

type FormValues = Omit<UnitRecord, 'singular'> & { singular?: Partial<LocalizedText> | null };

/** An empty singular means "the label after every number": sent as null, as the API wants all five or none. */
export function unitBody(values: FormValues): FormValues {
  const singular = values.singular;
  const filled = singular ? LANGUAGES.filter((lang) => (singular[lang] ?? '').trim() !== '') : [];
  if (!singular || filled.length === 0) return { ...values, singular: null };
  // A language left empty takes its label: the API wants the singular in all five languages.
  return {
    ...values,
    singular: Object.fromEntries(
      LANGUAGES.map((lang) => [lang, singular[lang]?.trim() || values.label[lang]]),
    ) as LocalizedText,
  };
}

const KeyInput = () => {
  const record = useRecordContext<UnitRecord>();
  // Built-in units keep their key: shipped templates name them.
  return (
    <TextInput
      source="key"
      label="units.fields.key"
      validate={keyRules}
      helperText="units.help.key"
      disabled={record?.builtin === true}
    />
  );
};

/** Key and the labels in five languages; a singular only where a language says "1 roll" but "2 rolls". */
export const UnitForm = () => {
  const translate = useTranslate();
  return (
    <SimpleForm warnWhenUnsavedChanges>
      <KeyInput />
      <Typography variant="subtitle2">{translate('units.fields.label')}</Typography>
      {LANGUAGES.map((lang) => (
        <TextInput key={`label.${lang}`} source={`label.${lang}`} label={LANGUAGE_NAMES[lang]} validate={labelRules} />
      ))}
      <Typography variant="subtitle2">{translate('units.fields.singular')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('units.help.singular')}
      </Typography>
      {LANGUAGES.map((lang) => (
        <TextInput
          key={`singular.${lang}`}
          source={`singular.${lang}`}
          label={LANGUAGE_NAMES[lang]}
          validate={singularRules}
        />
      ))}
    </SimpleForm>
  );
};
