/**
 * `/protocol`: the audit log, newest first — when, who, action, resource and record (linked where a
 * screen exists), the summary in the reader's language and the field diff (inline, unfolds to a table).
 * Filters: time range, user (admins), action, resource, record, search. Read only; CSV export.
 */
import { Box, Chip, Link as MuiLink, Typography, useMediaQuery, type Theme } from '@mui/material';
import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import {
  AutocompleteInput,
  DataTable,
  FilterButton,
  List,
  ReferenceInput,
  SearchInput,
  TextInput,
  TopToolbar,
  usePermissions,
  useTranslate,
} from 'react-admin';
import { LocalizedDateCol } from '../i18n/LocalizedDateField';
import { LocalizedDateInput, dateToDay, dayToDate } from '../i18n/LocalizedDateInput';
import { PROTOCOL_ACTIONS, type ProtocolAction, type ProtocolEntryRecord, type Role } from '../../core/api';
import { can } from '../../core/access/policy';
import { ProtocolChangesCell } from './ProtocolDiff';
import { ProtocolExportButton } from './ProtocolExportButton';
import { recordPath } from './recordPath';
import { useProtocolTexts } from './summary';
import { keyedFilter } from '../layout/keyedFilter';

/** Resources the filter offers; entries of others still show, under their own name. */
export const PROTOCOL_RESOURCES = [
  'auth',
  'users',
  'invitations',
  'mandants',
  'calculations',
  'templates',
  'factors',
  'databases',
  'collections',
  'orders',
  'imports',
  'migrations',
  'carbon-offset-projects',
  'api-tokens',
] as const;

const ACTION_COLORS: Partial<Record<ProtocolAction, 'success' | 'info' | 'error' | 'warning'>> = {
  created: 'success',
  duplicated: 'success',
  updated: 'info',
  status_changed: 'info',
  deleted: 'error',
  login_failed: 'warning',
  invited: 'info',
  resent: 'info',
  accepted: 'success',
  revoked: 'error',
};

/**
 * The range is picked in whole days of the reader's time zone, both ends included; the API wants instants:
 * "from" is the day's first moment, "until" its last.
 */
const dayStart = (day: string | null) => dayToDate(day)?.toISOString() ?? null;
const dayEnd = (day: string | null) => {
  const date = dayToDate(day);
  if (!date) return null;
  date.setHours(23, 59, 59, 999);
  return date.toISOString();
};
const instantDay = (instant: unknown) =>
  typeof instant === 'string' && !Number.isNaN(Date.parse(instant)) ? dateToDay(new Date(instant)) : null;

function buildFilters(isAdmin: boolean): ReactElement[] {
  const filters: ReactElement[] = [
    <SearchInput key="q" source="q" alwaysOn />,
    <LocalizedDateInput
      key="at_gte"
      source="at_gte"
      label="protocol.filters.at_gte"
      parse={dayStart}
      format={instantDay}
      compact
      alwaysOn
    />,
    <LocalizedDateInput
      key="at_lte"
      source="at_lte"
      label="protocol.filters.at_lte"
      parse={dayEnd}
      format={instantDay}
      compact
      alwaysOn
    />,
    keyedFilter('action', 'protocol.filters.action', PROTOCOL_ACTIONS, 'protocol.actions'),
    keyedFilter('resource', 'protocol.filters.resource', PROTOCOL_RESOURCES, 'protocol.resources'),
    <TextInput key="record_id" source="record_id" label="protocol.filters.record_id" />,
  ];
  // Only admins may list users; everyone else finds people through the search.
  if (isAdmin) {
    filters.push(
      <ReferenceInput key="user_id" source="user_id" reference="users" sort={{ field: 'name', order: 'ASC' }}>
        <AutocompleteInput label="protocol.filters.user" optionText="name" filterToQuery={(q: string) => ({ q })} />
      </ReferenceInput>,
    );
  }
  return filters;
}

const ListActions = () => (
  <TopToolbar>
    <FilterButton />
    <ProtocolExportButton />
  </TopToolbar>
);

const Who = ({ entry, withEmail }: { entry: ProtocolEntryRecord; withEmail: boolean }) => {
  const translate = useTranslate();
  if (entry.user_name === null && entry.user_email === null) return <>{translate('protocol.system')}</>;
  return (
    <Box component="span" sx={{ display: 'flex', flexDirection: 'column' }}>
      <span>{entry.user_name ?? entry.user_email}</span>
      {withEmail && entry.user_name !== null && entry.user_email ? (
        <Typography variant="caption" color="text.secondary">
          {entry.user_email}
        </Typography>
      ) : null}
    </Box>
  );
};

const RecordCell = ({ entry, role }: { entry: ProtocolEntryRecord; role: Role | null }) => {
  const { resourceName } = useProtocolTexts();
  const path = recordPath(entry, role);
  const label = entry.record_label ?? (entry.record_id ? `#${entry.record_id}` : '');
  return (
    <Box component="span" sx={{ display: 'flex', flexDirection: 'column' }}>
      <Typography variant="caption" color="text.secondary">
        {resourceName(entry.resource)}
      </Typography>
      {path ? (
        <MuiLink component={Link} to={path} onClick={(e) => e.stopPropagation()}>
          {label}
        </MuiLink>
      ) : (
        <span>{label}</span>
      )}
    </Box>
  );
};

const ActionChip = ({ entry }: { entry: ProtocolEntryRecord }) => {
  const { entryActionName } = useProtocolTexts();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={ACTION_COLORS[entry.action] ?? 'default'}
      label={entryActionName(entry)}
    />
  );
};

const ProtocolEmpty = () => {
  const translate = useTranslate();
  return (
    <Typography sx={{ p: 2 }} color="text.secondary">
      {translate('protocol.empty')}
    </Typography>
  );
};

const ProtocolPage = () => {
  const translate = useTranslate();
  const { permissions } = usePermissions<Role | null>();
  const role = permissions ?? null;
  const { summary } = useProtocolTexts();
  const isAdmin = can(role, 'list', 'users');
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'));
  return (
    <List
      resource="protocol"
      title={translate('protocol.title')}
      filters={buildFilters(isAdmin)}
      actions={<ListActions />}
      sort={{ field: 'at', order: 'DESC' }}
      perPage={25}
      empty={false}
      storeKey="protocol.list"
    >
      <DataTable bulkActionButtons={false} rowClick={false} empty={<ProtocolEmpty />}>
        <LocalizedDateCol source="at" label="protocol.fields.at" showTime />
        <DataTable.Col<ProtocolEntryRecord>
          source="user_name"
          label="protocol.fields.user"
          render={(e) => <Who entry={e} withEmail={wide} />}
        />
        {wide ? (
          <DataTable.Col<ProtocolEntryRecord>
            source="action"
            label="protocol.fields.action"
            render={(e) => <ActionChip entry={e} />}
          />
        ) : null}
        <DataTable.Col<ProtocolEntryRecord>
          source="record_label"
          label="protocol.fields.record"
          render={(e) => (
            <>
              {wide ? null : <ActionChip entry={e} />}
              <RecordCell entry={e} role={role} />
            </>
          )}
        />
        {wide ? (
          <DataTable.Col<ProtocolEntryRecord> label="protocol.fields.summary" disableSort render={(e) => summary(e)} />
        ) : null}
        {wide ? (
          <DataTable.Col label="protocol.fields.changes" disableSort>
            <ProtocolChangesCell />
          </DataTable.Col>
        ) : (
          // Narrower than a laptop, the changes go under the summary: a sixth column would be cut off.
          <DataTable.Col<ProtocolEntryRecord>
            label="protocol.fields.summary_changes"
            disableSort
            render={(e) => (
              <Box sx={{ minWidth: 220 }}>
                <span>{summary(e)}</span>
                <ProtocolChangesCell />
              </Box>
            )}
          />
        )}
      </DataTable>
    </List>
  );
};

export default ProtocolPage;
