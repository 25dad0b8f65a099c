/**
 * `/calculations` and `/calculations/:type`: the calculations, all or of one template type, with the columns and
 * filters the templates' `list` sections name, full-text search, a tag filter, sorting and pagination, shown as a
 * table or as cards. `/edit` and `/duplicate` without an id reuse it to pick the calculation first.
 */
import { Box, Button, CardHeader, IconButton, Tab, Tabs, Tooltip, Typography } from '@mui/material';
import LockIcon from '@mui/icons-material/Lock';
import EditIcon from '@mui/icons-material/Edit';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useMemo, type ReactElement } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import {
  DatagridConfigurable,
  FilterButton,
  FunctionField,
  List,
  Pagination,
  SearchInput,
  SelectColumnsButton,
  SelectInput,
  TextField,
  TextInput,
  TopToolbar,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { LocalizedDateField } from '../i18n/LocalizedDateField';
import { fieldTypeOf } from '../../core/field-types';
import { localize } from '../../core/rules';
import { KG_CO2E, listFilterFields, type Template } from '../../core/template';
import { CalculationBulkActions } from '../collections/CalculationBulkActions';
import { MigrateFilterButton } from '../migrations/MigrateFilterButton';
import { TemplateIcon } from '../template-forms/TemplateIcon';
import { formatResult } from '../template-forms/resultFormat';
import { useLanguage } from '../i18n/useLanguage';
import { useUnitCatalog } from '../units/useUnitCatalog';
import { useCan } from '../providers/RoleGate';
import { CardSortMenu } from './CardSortMenu';
import { columnValue, listColumns, rareListColumns, sharedListColumns, type ListColumn } from './listColumns';
import { DeleteCalculationButton } from './DeleteCalculationButton';
import { ListViewSwitch, useListView } from '../layout/ListViewSwitch';
import { ListCardGrid } from '../layout/ListCardGrid';
import { NewCalculationButton } from './NewCalculationButton';
import { CALCULATION_STATUSES, type CalculationListRecord, type FactorRecord, type TemplateRecord } from './types';
import { useTemplates } from '../template-forms/useTemplate';
import { CALCULATION_LIST_ROWS } from '../providers/listRows';
import { NotFoundPage } from '../pages/routes';
import { useDatabaseFactors } from '../factors/factorQueries';
import { useDefaultDatabaseId } from './useDefaultDatabase';
import { keyedFilter } from '../layout/keyedFilter';
import { ChannelCell, ChannelFilterInput, NumberWithChannel } from '../storefronts/ChannelText';

export type PickMode = 'edit' | 'duplicate';

const recordPath = (mode: PickMode, id: RaRecord['id']) => `/${mode}/${id}`;

const NO_FACTORS: FactorRecord[] = [];

function useYesNo() {
  const translate = useTranslate();
  return (value: boolean) => translate(value ? 'ra.boolean.true' : 'ra.boolean.false');
}

function buildFilters(
  templates: readonly Template[],
  all: readonly TemplateRecord[],
  byType: boolean,
  lang: ReturnType<typeof useLanguage>,
  factors: readonly FactorRecord[],
): ReactElement[] {
  const filters: ReactElement[] = [
    <SearchInput key="q" source="q" alwaysOn />,
    <TextInput key="tags" source="tags" label="calculations.filters.tag" alwaysOn />,
    keyedFilter('status', 'calculations.fields.status', CALCULATION_STATUSES, 'calculations.status'),
    <ChannelFilterInput key="channel" source="channel" label="storefronts.channel.label" />,
  ];
  if (all.length > 1) {
    filters.push(
      <SelectInput
        key="template_id"
        source="template_id"
        label="calculations.fields.template"
        translateChoice={false}
        choices={all.map((template) => ({ id: template.id, name: template.label }))}
      />,
    );
  }
  // Field filters are only meaningful within one type, where the templates share their fields. They are sent as
  // `filter.inputs.<field>` (server: calculations/input-filters.ts).
  if (byType) {
    for (const field of listFilterFields(templates)) {
      const label = localize(field.label, lang, field.name);
      const source = `inputs.${field.name}`;
      const { kind, choices, text } = fieldTypeOf(field.type);
      if (choices === 'options') {
        filters.push(
          <SelectInput
            key={source}
            source={source}
            label={label}
            translateChoice={false}
            choices={(field.options ?? []).map((option) => ({
              id: option.value,
              name: localize(option.label, lang, option.value),
            }))}
          />,
        );
      } else if (kind === 'boolean') {
        filters.push(
          <SelectInput
            key={source}
            source={source}
            label={label}
            choices={[
              { id: true, name: 'ra.boolean.true' },
              { id: false, name: 'ra.boolean.false' },
            ]}
          />,
        );
      } else if (choices === 'factors') {
        // The factors' names as the reader knows them from the form; the server matches the chosen key exactly.
        const choices = factors
          .filter((factor) => factor.category === field.category)
          .map((factor) => ({ id: factor.key, name: localize(factor.label, lang, factor.key) }))
          .sort((a, b) => a.name.localeCompare(b.name, lang));
        filters.push(
          <SelectInput key={source} source={source} label={label} translateChoice={false} choices={choices} />,
        );
      } else if (text === 'free') {
        filters.push(<TextInput key={source} source={source} label={label} />);
      }
    }
  }
  return filters;
}

const CalculationListActions = ({
  templates,
  preferenceKey,
}: {
  templates: readonly TemplateRecord[];
  preferenceKey: string;
}) => {
  const [view] = useListView('calculations');
  return (
    // Wraps instead of widening the page when the offer to migrate (its label names the database) joins the buttons.
    <TopToolbar
      sx={{
        alignItems: 'center',
        flexWrap: 'wrap',
        justifyContent: 'flex-end',
        rowGap: 0.5,
        flexShrink: 1,
        minWidth: 0,
      }}
    >
      <MigrateFilterButton />
      <FilterButton />
      {view === 'cards' ? <CardSortMenu /> : <SelectColumnsButton preferenceKey={preferenceKey} />}
      <ListViewSwitch resource="calculations" />
      <NewCalculationButton templates={templates} />
    </TopToolbar>
  );
};

interface ViewProps {
  columns: ListColumn[];
  /** Columns only a few of the type's templates name: choosable, hidden by default. */
  rareColumns: string[];
  templatesById: Map<string, Template>;
  showTemplate: boolean;
  mode: PickMode;
  /** Within one type the templates' own columns are shown; "All" shows the record's columns and the shared ones. */
  byType: boolean;
  preferenceKey: string;
}

/**
 * Columns of the calculation record itself, which every template has. The channel is not among "All"'s columns: it
 * marks a shop's row under its number instead (NumberWithChannel), so the table fits 1024 px; a type's tab offers it
 * in the column chooser.
 */
const RECORD_COLUMNS = ['title', 'customer', 'status', 'channel'];
const ALL_RECORD_COLUMNS = RECORD_COLUMNS.filter((name) => name !== 'channel');

const StatusCell = ({ record }: { record: CalculationListRecord }) => {
  const translate = useTranslate();
  const label = translate(`calculations.status.${record.status}`, { _: record.status });
  if (!record.frozen) return <>{label}</>;
  return (
    <Tooltip title={translate('calculations.frozen_hint')}>
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' }}>
        {label} <LockIcon fontSize="inherit" aria-label={translate('calculations.frozen_hint')} />
      </Box>
    </Tooltip>
  );
};

/**
 * The table: a column chooser (react-admin's configurable datagrid, remembered in its store per list) over the columns
 * that matter for the list's rows. "All" mixes templates, so besides the record's own columns it shows only the
 * template columns every template names; a type shows its templates' columns and offers the record's as extras.
 */
const CalculationTable = ({
  columns,
  rareColumns,
  templatesById,
  showTemplate,
  mode,
  byType,
  preferenceKey,
}: ViewProps) => {
  const lang = useLanguage();
  const yesNo = useYesNo();
  const units = useUnitCatalog();
  const translate = useTranslate();
  const named = new Set(columns.map((column) => column.name));
  const namesTotal = columns.some((column) => column.sortBy === 'total_co2e');
  const templateColumns = byType
    ? columns
    : columns.filter((column) => !RECORD_COLUMNS.includes(column.name) && column.sortBy !== 'total_co2e');
  const recordColumns = byType ? RECORD_COLUMNS.filter((name) => !named.has(name)) : ALL_RECORD_COLUMNS;
  const showTotal = !byType || !namesTotal;
  // A type's own columns come first; the record's extras are there to be chosen, not shown by default.
  const omit = byType
    ? recordColumns.filter((name) => name !== 'title').concat(showTotal ? ['total_co2e'] : [], rareColumns)
    : [];
  const recordFields: Record<string, ReactElement> = {
    title: <TextField key="title" source="title" label="calculations.fields.title" />,
    customer: <TextField key="customer" source="customer" label="calculations.fields.customer" emptyText="" />,
    status: (
      <FunctionField
        key="status"
        source="status"
        label="calculations.fields.status"
        render={(record: CalculationListRecord) => <StatusCell record={record} />}
      />
    ),
    // The back office or the storefront it came through, with the shop's order reference (issue 39).
    channel: (
      <FunctionField
        key="channel"
        source="channel"
        label="storefronts.channel.label"
        render={(record: CalculationListRecord) => (
          <ChannelCell channel={record.channel} reference={record.channel_reference} name={record.channel_name} />
        )}
      />
    ),
  };
  const templateFields = templateColumns.map((column) => (
    <FunctionField
      key={column.name}
      source={column.name}
      label={localize(column.label, lang, column.name)}
      sortable={column.sortBy !== undefined}
      sortBy={column.sortBy}
      render={(record: CalculationListRecord) =>
        columnValue(record, column.name, templatesById.get(record.template_id), lang, yesNo, units)
      }
    />
  ));
  const templateField = showTemplate ? (
    <FunctionField
      key="template_id"
      source="template_id"
      label="calculations.fields.template"
      sortable={false}
      render={(record: CalculationListRecord) =>
        localize(templatesById.get(record.template_id)?.label, lang, record.template_id)
      }
    />
  ) : null;
  return (
    <DatagridConfigurable
      preferenceKey={preferenceKey}
      omit={omit}
      rowClick={(id) => recordPath(mode, id)}
      bulkActionButtons={<CalculationBulkActions />}
      data-testid="calculations-table"
    >
      <FunctionField
        source="number"
        label="calculations.fields.number"
        render={(record: CalculationListRecord) => (
          <NumberWithChannel
            number={record.number}
            channel={record.channel}
            reference={record.channel_reference}
            name={record.channel_name}
          />
        )}
      />
      {byType ? null : recordColumns.map((name) => recordFields[name])}
      {byType ? null : templateField}
      {byType && recordColumns.includes('title') ? recordFields.title : null}
      {templateFields}
      {byType ? recordColumns.filter((name) => name !== 'title').map((name) => recordFields[name]) : null}
      {byType ? templateField : null}
      {showTotal ? (
        <FunctionField
          source="total_co2e"
          label="calculations.fields.total_co2e"
          textAlign="right"
          render={(record: CalculationListRecord) => (
            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
              {formatResult(record.total_co2e, lang)} {KG_CO2E}
            </Box>
          )}
        />
      ) : null}
      <LocalizedDateField source="updated_at" label="calculations.fields.updated_at" showTime />
      <FunctionField
        label={translate('calculations.fields.actions')}
        sortable={false}
        render={(record: CalculationListRecord) => <RowActions record={record} compact />}
      />
    </DatagridConfigurable>
  );
};

/** A row's action as an icon with its name as tooltip and accessible name, so the row fits the page. */
const RowLink = ({ to, label, icon }: { to: string; label: string; icon: ReactElement }) => (
  <Tooltip title={label}>
    <IconButton size="small" color="primary" component={Link} to={to} aria-label={label}>
      {icon}
    </IconButton>
  </Tooltip>
);

const RowActions = ({ record, compact = false }: { record: CalculationListRecord; compact?: boolean }) => {
  const translate = useTranslate();
  // Viewers open a calculation to read it; editing, copying and deleting are for those who may save. An ordered
  // (frozen) calculation cannot be deleted, so it is not offered.
  const writer = useCan('update', 'calculations');
  const action = (to: string, label: string, icon: ReactElement) =>
    compact ? (
      <RowLink to={to} label={label} icon={icon} />
    ) : (
      <Button size="small" component={Link} to={to} startIcon={icon}>
        {label}
      </Button>
    );
  return (
    <Box
      sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}
      onClick={(event) => event.stopPropagation()}
      data-testid="calculation-row-actions"
    >
      {writer ? (
        <>
          {action(`/edit/${record.id}`, translate('ra.action.edit'), <EditIcon fontSize="small" />)}
          {action(`/duplicate/${record.id}`, translate('calculations.duplicate'), <ContentCopyIcon fontSize="small" />)}
          <DeleteCalculationButton record={record} redirect={false} iconOnly={compact} />
        </>
      ) : (
        action(`/edit/${record.id}`, translate('ra.action.show'), <VisibilityIcon fontSize="small" />)
      )}
    </Box>
  );
};

const CalculationCards = ({ columns, templatesById, mode }: ViewProps) => {
  const lang = useLanguage();
  const yesNo = useYesNo();
  const units = useUnitCatalog();
  return (
    <ListCardGrid<CalculationListRecord>
      testId="calculations-cards"
      to={(record) => recordPath(mode, record.id)}
      header={(record) => {
        const template = templatesById.get(record.template_id);
        return (
          <CardHeader
            avatar={<TemplateIcon name={template?.icon} color="primary" />}
            title={record.title}
            subheader={`${record.number} · ${localize(template?.label, lang, record.template_id)}`}
          />
        );
      }}
      body={(record) => {
        const template = templatesById.get(record.template_id);
        return (
          <>
            <Typography variant="h5" component="p">
              {formatResult(record.total_co2e, lang)}{' '}
              <Typography component="span" variant="body2">
                {KG_CO2E}
              </Typography>
            </Typography>
            {columns
              .filter((column) => column.name !== 'title' && column.sortBy !== 'total_co2e')
              .map((column) => {
                const value = columnValue(record, column.name, template, lang, yesNo, units);
                // Cards mix templates: a column another template defines is simply left out.
                if (value === '' || value === null || value === undefined) return null;
                return (
                  <Box key={column.name} sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                    <Typography variant="body2" color="text.secondary">
                      {localize(column.label, lang, column.name)}
                    </Typography>
                    <Box component="span" sx={{ typography: 'body2', textAlign: 'right' }}>
                      {value}
                    </Box>
                  </Box>
                );
              })}
          </>
        );
      }}
      actions={(record) => <RowActions record={record} />}
    />
  );
};

/**
 * `/calculations/{type}` names a template type. A template's id there leads to that template's calculations (its type,
 * filtered by template); a word that is neither is the not-found page, not an empty list titled with it.
 */
const CalculationListPage = ({ pick }: { pick?: PickMode }) => {
  const { type } = useParams();
  const { data: allTemplates, isPending } = useTemplates();
  if (!type || pick) return <CalculationList pick={pick} />;
  if (isPending || !allTemplates) return null;
  if (allTemplates.some((template) => template.type === type)) return <CalculationList pick={pick} />;
  const template = allTemplates.find((candidate) => candidate.id === type);
  if (!template) return <NotFoundPage />;
  const filter = encodeURIComponent(JSON.stringify({ template_id: template.id }));
  return <Navigate to={`/calculations/${encodeURIComponent(template.type)}?filter=${filter}`} replace />;
};

const CalculationList = ({ pick }: { pick?: PickMode }) => {
  const translate = useTranslate();
  const lang = useLanguage();
  const { type } = useParams();
  const [view] = useListView('calculations');
  const { data: allTemplates = [], isPending: templatesPending } = useTemplates();
  const records = useMemo(
    () => allTemplates.filter((template) => !type || template.type === type),
    [allTemplates, type],
  );
  const templates = useMemo(() => records.map((record) => record.definition), [records]);
  const templatesById = useMemo(
    () => new Map(allTemplates.map((record) => [record.id, record.definition])),
    [allTemplates],
  );
  const columns = useMemo(() => (type ? listColumns(templates) : sharedListColumns(templates)), [templates, type]);
  // Factor filters name the factors of the database new calculations use, the one the reader meets in the form.
  const { databaseId } = useDefaultDatabaseId();
  const { data: factors = NO_FACTORS } = useDatabaseFactors(type ? databaseId : undefined);
  const filters = useMemo(
    () => buildFilters(templates, records, !!type, lang, factors),
    [templates, records, type, lang, factors],
  );
  const title = pick
    ? translate(`calculations.pick.${pick}`)
    : type
      ? translate(`calculations.types.${type}`, { _: type })
      : translate('calculations.title');
  const preferenceKey = `calculations.${type ?? 'all'}.datagrid`;
  const rareColumns = useMemo(() => (type ? rareListColumns(templates) : []), [templates, type]);
  const viewProps: ViewProps = {
    columns,
    rareColumns,
    templatesById,
    showTemplate: records.length > 1,
    mode: pick ?? 'edit',
    byType: !!type,
    preferenceKey,
  };
  // The column chooser learns the columns on its first render: it waits for the templates that define them.
  if (templatesPending) return null;
  const types: string[] = [...new Set(allTemplates.map((template) => template.type))];
  return (
    <>
      {pick || types.length < 2 ? null : (
        <Tabs
          value={!type ? 'all' : types.includes(type) ? type : false}
          aria-label={translate('calculations.title')}
          sx={{ mt: 1 }}
        >
          <Tab value="all" label={translate('calculations.types.all')} component={Link} to="/calculations" />
          {types.map((name) => (
            <Tab
              key={name}
              value={name}
              label={translate(`calculations.types.${name}`, { _: name })}
              component={Link}
              to={`/calculations/${name}`}
            />
          ))}
        </Tabs>
      )}
      <List
        key={`${type ?? 'all'}-${pick ?? 'list'}`}
        resource="calculations"
        title={title}
        filter={type ? { template_type: type } : undefined}
        filters={filters}
        actions={<CalculationListActions templates={records} preferenceKey={preferenceKey} />}
        sort={{ field: 'updated_at', order: 'DESC' }}
        perPage={25}
        pagination={<Pagination rowsPerPageOptions={[10, 25, 50, 100]} />}
        storeKey={`calculations.${type ?? 'all'}.listParams`}
        queryOptions={{ meta: CALCULATION_LIST_ROWS }}
        exporter={false}
        empty={false}
      >
        {view === 'cards' ? <CalculationCards {...viewProps} /> : <CalculationTable {...viewProps} />}
      </List>
    </>
  );
};

export default CalculationListPage;
