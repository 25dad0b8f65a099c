import { BooleanInput, NumberInput, SimpleForm, TextInput } from 'react-admin';
import { CreateMandantRequest, MandantSettings } from '../../core/api';
import { contractRules } from '../providers/contractRules';

const nameRules = contractRules(CreateMandantRequest, 'name');
const slugRules = contractRules(CreateMandantRequest, 'slug', {
  required: true,
  patternMessage: 'app.mandants.slug_invalid',
});
const providerNameRules = contractRules(MandantSettings, 'provider_name');
const certificateNameRules = contractRules(MandantSettings, 'certificate_name');
const colorRules = contractRules(MandantSettings, 'primary_color', { patternMessage: 'app.mandants.color_invalid' });
const roundingRules = contractRules(MandantSettings, 'offset_rounding_t');

export const MandantForm = ({ isNew }: { isNew: boolean }) => (
  <SimpleForm defaultValues={isNew ? { active: true, settings: {} } : undefined} warnWhenUnsavedChanges>
    <TextInput source="name" validate={nameRules} />
    <TextInput source="slug" validate={slugRules} helperText="app.mandants.slug_hint" />
    <BooleanInput source="active" />
    <TextInput source="settings.provider_name" validate={providerNameRules} />
    <TextInput source="settings.certificate_name" validate={certificateNameRules} />
    <TextInput source="settings.primary_color" validate={colorRules} helperText="app.mandants.color_hint" />
    <NumberInput source="settings.offset_rounding_t" validate={roundingRules} step={0.1} />
  </SimpleForm>
);
