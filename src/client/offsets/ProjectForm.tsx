/**
 * Create and edit a project (provider admins). Money is typed in major units and stored as integer
 * minor units; stock is typed in tonnes and stored as integer kg.
 */
import { Typography } from '@mui/material';
import {
  AutocompleteArrayInput,
  BooleanInput,
  Create,
  Edit,
  NumberInput,
  SelectInput,
  SimpleForm,
  TextInput,
  type TextInputProps,
  maxValue,
  minValue,
  regex,
  required,
  useTranslate,
} from 'react-admin';
import { useParams } from 'react-router-dom';
import { OFFSET_PROJECT_TYPES } from '../../core/api';
import { LANGUAGES } from '../../core/languages';
import { keyedChoices } from '../i18n/choices';

const CURRENCIES = ['EUR', 'CHF', 'USD', 'GBP'].map((id) => ({ id, name: id }));
const SDG_CHOICES = Array.from({ length: 17 }, (_, i) => ({ id: i + 1, name: `SDG ${i + 1}` }));
const toMinor = (value: unknown) =>
  value === '' || value === null || value === undefined ? null : Math.round(Number(value) * 100);
const fromMinor = (value: unknown) => (typeof value === 'number' ? value / 100 : value);
const toKg = (value: unknown) =>
  value === '' || value === null || value === undefined ? null : Math.round(Number(value) * 1000);
const fromKg = (value: unknown) => (typeof value === 'number' ? value / 1000 : value);
const redirectToShow = (_resource?: string, id?: unknown) => `/carbon-offset-projects/${String(id)}`;

/** A text the project has in every language: the field's caption, then one input per language. */
const LanguageInputs = ({
  text,
  ...props
}: { text: 'name' | 'description' } & Omit<TextInputProps, 'source' | 'label'>) => {
  const translate = useTranslate();
  const caption = translate(`offsets.fields.${text}`);
  return (
    <>
      <Typography variant="subtitle2">{caption}</Typography>
      {LANGUAGES.map((lang) => (
        <TextInput key={lang} source={`${text}.${lang}`} label={`${caption} (${lang})`} fullWidth {...props} />
      ))}
    </>
  );
};

const ProjectFormFields = () => (
  <SimpleForm warnWhenUnsavedChanges>
    <LanguageInputs text="name" validate={required()} />
    <LanguageInputs text="description" multiline defaultValue="" />
    <SelectInput
      source="project_type"
      label="offsets.fields.project_type"
      choices={keyedChoices(OFFSET_PROJECT_TYPES, 'offsets.types')}
      validate={required()}
    />
    <TextInput source="standard" label="offsets.fields.standard" validate={required()} />
    <TextInput
      source="country"
      label="offsets.fields.country"
      helperText="offsets.help.country"
      validate={[required(), regex(/^[A-Z]{2}$/, 'offsets.help.country')]}
    />
    <TextInput source="registry_id" label="offsets.fields.registry_id" defaultValue="" />
    <TextInput
      source="registry_url"
      label="offsets.fields.registry_url"
      validate={regex(/^https?:\/\//, 'offsets.help.url')}
      parse={(v: string) => (v === '' ? null : v)}
      fullWidth
    />
    <NumberInput
      source="vintage"
      label="offsets.fields.vintage"
      validate={[required(), minValue(1990), maxValue(2100)]}
    />
    <NumberInput
      source="price_per_tonne_minor"
      label="offsets.fields.price_per_tonne"
      format={fromMinor}
      parse={toMinor}
      validate={[required(), minValue(1)]}
      step={0.01}
    />
    <SelectInput
      source="currency"
      label="offsets.fields.currency"
      choices={CURRENCIES}
      defaultValue="EUR"
      validate={required()}
    />
    <NumberInput
      source="tonnes_available_kg"
      label="offsets.fields.tonnes_available"
      format={fromKg}
      parse={toKg}
      validate={minValue(0)}
      step={0.001}
      defaultValue={0}
    />
    <AutocompleteArrayInput source="sdgs" label="offsets.fields.sdgs" choices={SDG_CHOICES} defaultValue={[]} />
    <BooleanInput source="active" label="offsets.fields.active" defaultValue />
  </SimpleForm>
);

export const ProjectCreatePage = () => (
  <Create resource="carbon-offset-projects" redirect={redirectToShow} title="offsets.create">
    <ProjectFormFields />
  </Create>
);

export const ProjectEditPage = () => {
  const { id } = useParams();
  return (
    <Edit
      resource="carbon-offset-projects"
      id={Number(id)}
      redirect={redirectToShow}
      mutationMode="pessimistic"
      title="offsets.edit"
    >
      <ProjectFormFields />
    </Edit>
  );
};
