/**
 * `/collections`: the mandant's collections (the client state calls them compilations) as a table
 * or as cards (the choice is remembered), with text, tag and "open offsets" filters and pagination.
 */
import { Box, Card, CardContent, CardHeader, Chip, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import {
  AutocompleteInput,
  Button,
  DataTable,
  List,
  NullableBooleanInput,
  Pagination,
  SearchInput,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { LocalizedDateCol } from '../i18n/LocalizedDateField';
import type { CollectionRecord } from '../../core/api';
import { useKontorDataProvider } from '../providers/dataProvider';
import { CollectionTotals, useCo2Text } from './CollectionTotals';
import { ListViewSwitch, useListView } from '../layout/ListViewSwitch';
import { ListCardGrid } from '../layout/ListCardGrid';
import { CollectionWriteButtons } from './CollectionWriteButtons';
import { useCan } from '../providers/RoleGate';

/** The tags the mandant's collections use, for the tag filter's choices. */
function useCollectionTags(): string[] {
  const dataProvider = useKontorDataProvider();
  const { data = [] } = useQuery({ queryKey: ['collections', 'tags'], queryFn: () => dataProvider.collectionTags() });
  return data;
}

const Tags = ({ tags }: { tags: readonly string[] }) => (
  <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
    {tags.map((tag) => (
      <Chip key={tag} label={tag} size="small" />
    ))}
  </Stack>
);

const RowActions = ({ record }: { record: CollectionRecord }) => {
  const writer = useCan('update', 'collections');
  if (!writer) return null;
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }} onClick={(event) => event.stopPropagation()}>
      <CollectionWriteButtons record={record} />
    </Box>
  );
};

const CollectionTable = () => {
  const co2 = useCo2Text();
  return (
    <DataTable rowClick={(id) => `/collections/${id}`} bulkActionButtons={false} data-testid="collections-table">
      <DataTable.Col source="name" label="collections.fields.name" />
      <DataTable.Col<CollectionRecord>
        source="tags"
        label="collections.fields.tags"
        disableSort
        render={(r) => <Tags tags={r.tags} />}
      />
      <DataTable.Col<CollectionRecord>
        label="collections.fields.calculation_count"
        disableSort
        align="right"
        render={(r) => r.calculation_count}
      />
      <DataTable.Col<CollectionRecord>
        label="collections.fields.total_co2e"
        disableSort
        align="right"
        render={(r) => co2(r.total_co2e)}
      />
      <DataTable.Col<CollectionRecord>
        label="collections.fields.ordered_co2e"
        disableSort
        align="right"
        render={(r) => co2(r.ordered_co2e)}
      />
      <DataTable.Col<CollectionRecord>
        label="collections.fields.open_co2e"
        disableSort
        align="right"
        render={(r) => co2(r.open_co2e)}
      />
      <LocalizedDateCol source="updated_at" label="collections.fields.updated_at" showTime />
      <DataTable.Col<CollectionRecord> label="" disableSort render={(r) => <RowActions record={r} />} />
    </DataTable>
  );
};

const CollectionCards = () => (
  <ListCardGrid<CollectionRecord>
    testId="collections-cards"
    cardTestId="collection-card"
    to={(record) => `/collections/${record.id}`}
    header={(record) => (
      <CardHeader
        title={record.name}
        subheader={record.description ?? undefined}
        slotProps={{
          subheader: {
            sx: { display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' },
          },
        }}
      />
    )}
    body={(record) => (
      <>
        <CollectionTotals record={record} dense />
        {record.tags.length > 0 ? (
          <Box sx={{ mt: 1 }}>
            <Tags tags={record.tags} />
          </Box>
        ) : null}
      </>
    )}
    actions={(record) => <RowActions record={record} />}
  />
);

const Empty = () => {
  const translate = useTranslate();
  const writer = useCan('create', 'collections');
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="p">
          {translate('collections.empty.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate('collections.empty.message')}
        </Typography>
        {writer ? (
          <Button component={Link} to="/collections/create" label="collections.create" variant="contained">
            <AddIcon />
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
};

const ListActions = () => {
  const writer = useCan('create', 'collections');
  return (
    <TopToolbar sx={{ alignItems: 'center' }}>
      <ListViewSwitch resource="collections" />
      {writer ? (
        <Button component={Link} to="/collections/create" label="collections.create" variant="contained">
          <AddIcon />
        </Button>
      ) : null}
    </TopToolbar>
  );
};

const CollectionListPage = () => {
  const translate = useTranslate();
  const [view] = useListView('collections');
  const tags = useCollectionTags();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <AutocompleteInput
      key="tags"
      source="tags"
      label="collections.filters.tag"
      alwaysOn
      choices={tags.map((tag) => ({ id: tag, name: tag }))}
      translateChoice={false}
      sx={{ minWidth: 200 }}
    />,
    <NullableBooleanInput
      key="has_open_offsets"
      source="has_open_offsets"
      label="collections.filters.has_open_offsets"
      alwaysOn
      trueLabel="collections.filters.open_yes"
      falseLabel="collections.filters.open_no"
      sx={{ minWidth: 220 }}
    />,
  ];
  return (
    <List
      resource="collections"
      title={translate('collections.title')}
      filters={filters}
      actions={<ListActions />}
      sort={{ field: 'updated_at', order: 'DESC' }}
      perPage={12}
      pagination={<Pagination rowsPerPageOptions={[12, 24, 48, 96]} />}
      storeKey="collections.listParams"
      exporter={false}
      empty={<Empty />}
    >
      {view === 'cards' ? <CollectionCards /> : <CollectionTable />}
    </List>
  );
};

export default CollectionListPage;
