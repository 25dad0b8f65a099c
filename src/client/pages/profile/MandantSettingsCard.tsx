import { Card, CardContent, Typography } from '@mui/material';
import {
  NumberInput,
  RadioButtonGroupInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  minValue,
  regex,
  useGetOne,
  useNotify,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { CreateMandantRequest, MandantSettings, type MandantRecord } from '../../../core/api';
import { useFactorDatabases } from '../../factors/useFactorDatabases';
import { submissionErrors } from './submissionErrors';
import { contractRules } from '../../providers/contractRules';

const nameRules = contractRules(CreateMandantRequest, 'name');
const providerNameRules = contractRules(MandantSettings, 'provider_name');
const certificateNameRules = contractRules(MandantSettings, 'certificate_name');

// react-admin hands form values over untyped.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type FieldValues = Record<string, any>;

const ROUNDING_CHOICES = [
  { id: 0.1, name: 'profile.mandant.rounding_0_1' },
  { id: 1, name: 'profile.mandant.rounding_1' },
];
const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;
const LOGO_URL = /^(https?:\/\/|\/)\S+$/;
const logoUrlRules = [
  ...contractRules(MandantSettings, 'logo_url'),
  regex(LOGO_URL, 'profile.mandant.logo_url_invalid'),
];

const DefaultDatabaseInput = () => {
  const databases = useFactorDatabases({ order: 'name', retry: false });
  // Without the databases resource (or the right to list it) the id is entered as a number.
  if (databases.isError) {
    return (
      <NumberInput
        source="settings.default_database_id"
        label="profile.mandant.default_database"
        validate={minValue(1)}
      />
    );
  }
  const choices = (databases.data ?? []).map((database) => ({
    id: database.id,
    name: `${database.name} ${database.version_label}`.trim(),
  }));
  return (
    <SelectInput
      source="settings.default_database_id"
      label="profile.mandant.default_database"
      choices={choices}
      isPending={databases.isPending}
      emptyText="profile.mandant.default_database_newest"
      helperText="profile.mandant.default_database_hint"
    />
  );
};

/** The mandant's settings for its mandant admins: name, branding, default factor database, rounding, certificate. */
export const MandantSettingsCard = ({ mandantId }: { mandantId: number }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { data: mandant } = useGetOne<MandantRecord>('mandants', { id: mandantId });
  const [update] = useUpdate<MandantRecord>();
  if (!mandant) return null;

  const save = async (values: FieldValues) => {
    const form = (values.settings ?? {}) as MandantSettings;
    const settings: MandantSettings = {
      ...mandant.settings,
      provider_name: form.provider_name?.trim() || undefined,
      logo_url: form.logo_url?.trim() || undefined,
      primary_color: form.primary_color?.trim() || undefined,
      certificate_name: form.certificate_name?.trim() || undefined,
      offset_rounding_t: form.offset_rounding_t == null ? undefined : Number(form.offset_rounding_t),
      default_database_id:
        form.default_database_id == null || Number.isNaN(Number(form.default_database_id))
          ? null
          : Number(form.default_database_id),
    };
    try {
      await update(
        'mandants',
        {
          id: mandant.id,
          data: { name: String(values.name).trim(), settings, version: mandant.version },
          previousData: mandant,
        },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
      notify('profile.mandant.saved', { type: 'success' });
      return undefined;
    } catch (error) {
      return submissionErrors(error, notify);
    }
  };

  return (
    <Card sx={{ mt: 2, maxWidth: 720 }} data-testid="mandant-settings">
      <CardContent sx={{ pb: 0 }}>
        <Typography variant="h5" component="h2">
          {translate('profile.mandant.title')}
        </Typography>
        <Typography color="text.secondary">{translate('profile.mandant.intro')}</Typography>
      </CardContent>
      <SimpleForm
        key={mandant.version}
        record={{ name: mandant.name, settings: { offset_rounding_t: 1, ...mandant.settings } }}
        onSubmit={save}
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
      >
        <TextInput source="name" label="profile.mandant.name" validate={nameRules} />
        <Typography variant="h6" component="h3">
          {translate('profile.mandant.section_branding')}
        </Typography>
        <TextInput
          source="settings.provider_name"
          label="profile.mandant.provider_name"
          validate={providerNameRules}
          helperText="profile.mandant.provider_name_hint"
        />
        <TextInput
          source="settings.logo_url"
          label="profile.mandant.logo_url"
          validate={logoUrlRules}
          helperText="profile.mandant.logo_url_hint"
        />
        <TextInput
          source="settings.primary_color"
          label="profile.mandant.primary_color"
          validate={regex(HEX_COLOUR, 'app.mandants.color_invalid')}
          helperText="app.mandants.color_hint"
        />
        <Typography variant="h6" component="h3">
          {translate('profile.mandant.section_calculation')}
        </Typography>
        <DefaultDatabaseInput />
        <RadioButtonGroupInput
          source="settings.offset_rounding_t"
          label="profile.mandant.offset_rounding"
          choices={ROUNDING_CHOICES}
        />
        <TextInput
          source="settings.certificate_name"
          label="profile.mandant.certificate_name"
          validate={certificateNameRules}
          helperText="profile.mandant.certificate_name_hint"
        />
      </SimpleForm>
    </Card>
  );
};
