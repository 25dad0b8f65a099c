import { Alert, Button, Chip, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import {
  BooleanInput,
  Create,
  CreateButton,
  DataTable,
  Edit,
  ReferenceInput,
  SelectInput,
  SimpleForm,
  TextInput,
  TopToolbar,
  required,
  type TextInputProps,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { ENERGY_FIGURES, MACHINE_SET_STATUSES, SITE_ALLOCATION_KEYS } from '../../core/production';
import type { MachineSetRecord } from '../../core/api';
import { LocalizedDateCol } from '../i18n/LocalizedDateField';
import { useCan } from '../providers/RoleGate';
import { EditableRecordList } from '../layout/EditableRecordList';
import { LocaleNumberInput, type LocaleNumberInputProps } from '../layout/LocaleNumberInput';
import { useFormatNumber } from './format';
import { setLabel } from './setLabel';
import { keyedChoices } from '../i18n/choices';

const statusChoices = keyedChoices(MACHINE_SET_STATUSES, 'machines.sets.status');
const allocationChoices = keyedChoices(SITE_ALLOCATION_KEYS, 'machines.sets.allocation');

const StatusChips = ({ set }: { set: MachineSetRecord }) => {
  const translate = useTranslate();
  return (
    <>
      <Chip
        size="small"
        color={set.status === 'published' ? 'success' : set.status === 'draft' ? 'warning' : 'default'}
        label={translate(`machines.sets.status.${set.status}`)}
      />
      {set.current ? (
        <Chip size="small" color="primary" sx={{ ml: 0.5 }} label={translate('machines.sets.fields.current')} />
      ) : null}
    </>
  );
};

/** Versions of the mandant's production data, newest first; the current one is what new calculations read. */
export const MachineSetList = () => {
  const format = useFormatNumber();
  return (
    <EditableRecordList
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
      sort={{ field: 'created_at', order: 'DESC' }}
      title="machines.sets.title"
    >
      <DataTable.Col source="name" label="machines.sets.fields.name" />
      <DataTable.Col source="version_label" label="machines.sets.fields.version_label" />
      <DataTable.Col<MachineSetRecord>
        source="status"
        label="machines.sets.fields.status"
        render={(set) => <StatusChips set={set} />}
      />
      <DataTable.Col<MachineSetRecord>
        label="machines.sets.fields.electricity_factor"
        align="right"
        render={(set) =>
          set.electricity_factor === null ? (
            '—'
          ) : (
            <span
              title={set.electricity_source}
            >{`${format(set.electricity_factor)} ${ENERGY_FIGURES.electricity}`}</span>
          )
        }
      />
      <DataTable.Col<MachineSetRecord>
        label="machines.sets.fields.site_kg_co2e"
        align="right"
        render={(set) => <SiteSummary set={set} />}
      />
      <LocalizedDateCol source="published_at" label="machines.sets.fields.published_at" showTime emptyText="—" />
      <DataTable.Col<MachineSetRecord> render={(set) => <MigrateOntoSetButton set={set} />} />
    </EditableRecordList>
  );
};

/** The site footprint as the list shows it: "12,000 kg CO2e / Maschinenstunden", its source on hover. */
const SiteSummary = ({ set }: { set: MachineSetRecord }) => {
  const translate = useTranslate();
  const format = useFormatNumber();
  if (set.site_kg_co2e === null || set.site_allocation_key === null) return <>—</>;
  return (
    <span title={set.site_source} data-testid="site-summary">
      {`${format(set.site_kg_co2e)} kg CO2e / ${translate(`machines.sets.allocation.${set.site_allocation_key}`)}`}
    </span>
  );
};

/** The set's inputs are labelled by their column: `machines.sets.fields.<source>`. */
const fieldLabel = (source: string) => `machines.sets.fields.${source}`;
const SetNumberInput = (props: Omit<LocaleNumberInputProps, 'label'>) => (
  <LocaleNumberInput label={fieldLabel(props.source)} {...props} />
);
const SetTextInput = (props: Omit<TextInputProps, 'label'>) => (
  <TextInput label={fieldLabel(props.source)} {...props} />
);

const Section = ({ title }: { title: string }) => {
  const translate = useTranslate();
  return (
    <Typography variant="subtitle1" component="h2" sx={{ mt: 2 }}>
      {translate(title)}
    </Typography>
  );
};

/** The contract's market-based inputs and the grid's location-based factor (issue 33, item 3). */
const MarketInputs = () => (
  <>
    <Section title="machines.sets.sections.electricity" />
    <SetNumberInput source="electricity_go_share" helperText="machines.help.electricity_go_share" />
    <SetNumberInput source="electricity_residual_factor" unit={ENERGY_FIGURES.electricity} />
    <SetTextInput source="electricity_residual_source" multiline />
    <SetNumberInput source="electricity_location_factor" unit={ENERGY_FIGURES.electricity_location} />
    <SetTextInput source="electricity_location_source" multiline />
  </>
);

/** The annual site footprint, recorded once, and the key a job's share of it is taken by. */
const SiteInputs = () => (
  <>
    <Section title="machines.sets.sections.site" />
    <SetNumberInput source="site_kg_co2e" unit="kg CO2e" helperText="machines.help.site" />
    <SelectInput
      source="site_allocation_key"
      label="machines.sets.fields.site_allocation_key"
      choices={allocationChoices}
      emptyText="—"
    />
    <SetNumberInput source="site_annual_amount" />
    <SetTextInput source="site_source" multiline />
    <SetNumberInput source="site_year" integer grouping={false} />
  </>
);

const EnergyInputs = () => (
  <>
    <SetNumberInput source="electricity_factor" unit={ENERGY_FIGURES.electricity} />
    <SetTextInput source="electricity_supplier" />
    <SetTextInput source="electricity_source" multiline />
    <SetNumberInput source="electricity_year" integer grouping={false} />
    <SetTextInput source="electricity_region" />
    <MarketInputs />
    <SiteInputs />
  </>
);

/**
 * The way from a newly published set to the calculations still on an older one: a preview of the migration onto it
 * (machine sets are kept by those who may move calculations onto them).
 */
const MigrateOntoSetButton = ({ set }: { set: MachineSetRecord }) => {
  const translate = useTranslate();
  const mayMigrate = useCan('update', 'machine-sets');
  if (!mayMigrate || set.status !== 'published') return null;
  return (
    <Button
      component={Link}
      to={`/migrations?machine_set=${set.id}`}
      size="small"
      color="inherit"
      onClick={(event) => event.stopPropagation()}
      data-testid="migrate-onto-set"
    >
      {translate('machines.sets.migrate')}
    </Button>
  );
};

const FixedNotice = () => {
  const translate = useTranslate();
  const set = useRecordContext<MachineSetRecord>();
  if (!set || set.status === 'draft') return null;
  return (
    <Alert severity="info" sx={{ mb: 2, width: '100%' }} action={<MigrateOntoSetButton set={set} />}>
      {translate('machines.sets.fixed')}
    </Alert>
  );
};

/** Empty texts are sent as such, not dropped: the server keeps the column text, never null. */
const setBody = (data: Record<string, unknown>) => ({
  ...data,
  electricity_supplier: data.electricity_supplier ?? '',
  electricity_source: data.electricity_source ?? '',
  electricity_residual_source: data.electricity_residual_source ?? '',
  electricity_location_source: data.electricity_location_source ?? '',
  site_source: data.site_source ?? '',
  // "—" in the select is an empty string: no key.
  site_allocation_key: data.site_allocation_key || null,
});

export const MachineSetEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list" transform={setBody} title={<SetTitle />}>
    <SimpleForm warnWhenUnsavedChanges>
      <FixedNotice />
      <SetTextInput source="name" validate={required()} />
      <SetTextInput source="version_label" validate={required()} />
      <SelectInput source="status" label="machines.sets.fields.status" choices={statusChoices} validate={required()} />
      <BooleanInput source="current" label="machines.sets.fields.current" helperText="machines.help.current" />
      <EnergyInputs />
    </SimpleForm>
  </Edit>
);

const SetTitle = () => {
  const set = useRecordContext<MachineSetRecord>();
  return <span>{set ? setLabel(set) : ''}</span>;
};

export const MachineSetCreate = () => (
  <Create redirect="list" transform={setBody}>
    <SimpleForm warnWhenUnsavedChanges>
      <SetTextInput source="name" validate={required()} />
      <SetTextInput source="version_label" validate={required()} />
      <ReferenceInput source="based_on_id" reference="machine-sets" sort={{ field: 'created_at', order: 'DESC' }}>
        <SelectInput
          label="machines.sets.fields.based_on_id"
          optionText={(set: MachineSetRecord) => setLabel(set)}
          emptyText="machines.sets.empty_start"
          helperText="machines.help.based_on"
        />
      </ReferenceInput>
      <EnergyInputs />
    </SimpleForm>
  </Create>
);
