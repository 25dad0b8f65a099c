import TuneIcon from '@mui/icons-material/Tune';
import { Link } from 'react-router-dom';
import {
  Button,
  CreateButton,
  DataTable,
  FilterButton,
  Loading,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TopToolbar,
  useGetList,
  useTranslate,
} from 'react-admin';
import { MACHINE_FIGURE_NAMES, MACHINE_KINDS } from '../../core/production';
import type { MachineRecord, MachineSetRecord } from '../../core/api';
import { EditableRecordList } from '../layout/EditableRecordList';
import { useFormatNumber } from './format';
import { setLabel } from './setLabel';
import { keyedChoices } from '../i18n/choices';

export const kindChoices = keyedChoices(MACHINE_KINDS, 'machines.kinds');

const filters = [
  <ReferenceInput
    key="set_id"
    source="set_id"
    reference="machine-sets"
    sort={{ field: 'created_at', order: 'DESC' }}
    alwaysOn
  >
    <SelectInput label="machines.fields.set_id" optionText={setLabel} />
  </ReferenceInput>,
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="kind" source="kind" label="machines.fields.kind" choices={kindChoices} />,
];

const Actions = () => (
  <TopToolbar>
    <Button component={Link} to="/machine-sets" label="machines.sets.link">
      <TuneIcon />
    </Button>
    {/* The kind filter is added from here: custom actions replace react-admin's default toolbar. */}
    <FilterButton />
    {/* Shown only to those the access policy lets create a machine (the mandant's admins). */}
    <CreateButton />
  </TopToolbar>
);

/** The mandant's machines, by default those of its current machine set: the figures its calculations read. */
export const MachineList = () => {
  const translate = useTranslate();
  const format = useFormatNumber();
  const { data: current, isPending } = useGetList<MachineSetRecord>('machine-sets', {
    filter: { current: true },
    pagination: { page: 1, perPage: 1 },
  });
  if (isPending) return <Loading />;
  const currentId = current?.[0]?.id;
  return (
    <EditableRecordList
      filters={filters}
      filterDefaultValues={currentId === undefined ? {} : { set_id: currentId }}
      actions={<Actions />}
      sort={{ field: 'name', order: 'ASC' }}
      title="machines.title"
    >
      <DataTable.Col source="name" label="machines.fields.name" />
      <DataTable.Col source="key" label="machines.fields.key" />
      <DataTable.Col<MachineRecord>
        source="kind"
        label="machines.fields.kind"
        render={(record) => translate(`machines.kinds.${record.kind}`)}
      />
      {MACHINE_FIGURE_NAMES.map((name) => (
        <DataTable.Col<MachineRecord>
          key={name}
          label={`machines.figures.${name}`}
          align="right"
          disableSort
          render={(record) => {
            const figure = record.figures[name];
            return figure ? <span title={figure.source}>{format(figure.value)}</span> : '—';
          }}
        />
      ))}
    </EditableRecordList>
  );
};
