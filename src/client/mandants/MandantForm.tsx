import { BooleanInput, NumberInput, SimpleForm, TextInput, maxLength, minValue, regex, required } from 'react-admin';

const slugRules = [required(), maxLength(60), regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'app.mandants.slug_invalid')];

export const MandantForm = ({ isNew }: { isNew: boolean }) => (
  <SimpleForm defaultValues={isNew ? { active: true, settings: {} } : undefined}>
    <TextInput source="name" validate={[required(), maxLength(120)]} />
    <TextInput source="slug" validate={slugRules} helperText="app.mandants.slug_hint" />
    <BooleanInput source="active" />
    <TextInput source="settings.provider_name" validate={maxLength(120)} />
    <TextInput source="settings.certificate_name" validate={maxLength(120)} />
    <TextInput
      source="settings.primary_color"
      validate={regex(/^#[0-9a-fA-F]{6}$/, 'app.mandants.color_invalid')}
      helperText="app.mandants.color_hint"
    />
    <NumberInput source="settings.offset_rounding_t" validate={minValue(0)} step={0.1} />
  </SimpleForm>
);
