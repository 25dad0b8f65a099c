/**
 * `/collections/:id`: one collection with its totals and its calculations; each can be removed
 * from the collection, and two to four of them can be compared.
 */
import { Alert, Box, Checkbox, Chip, Grid, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { bodyWithRowTestIds } from '../layout/rowTestIds';
import { GridPanel } from '../layout/GridPanel';
import { HeldRecordsTable } from '../layout/HeldRecordsTable';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutline';
import LockIcon from '@mui/icons-material/Lock';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  Button,
  Confirm,
  DataTable,
  Loading,
  Title,
  useGetMany,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { usePageRecord } from '../shell/errors/pageRecord';
import { COMPARE_MAX, COMPARE_MIN, type CalculationRecord, type CollectionRecord } from '../../core/api';
import { comparePath } from '../compare/compareIds';
import { OrderOffsetsButton } from '../orders/OrderOffsetsButton';
import { useMutation } from '@tanstack/react-query';
import { useKontorDataProvider } from '../providers/dataProvider';
import { formatResult } from '../template-forms/resultFormat';
import { useLanguage } from '../i18n/useLanguage';
import { CollectionTotals } from './CollectionTotals';
import { ReportControls } from '../reports/ReportControls';
import { MixedBasesNotice } from '../reports/MixedBasesNotice';
import { CollectionWriteButtons } from './CollectionWriteButtons';
import { useCan } from '../providers/RoleGate';
import { KG_CO2E } from '../../core/template/units';

function useRemoveCalculation(collection: CollectionRecord) {
  const refresh = useRefresh();
  const notify = useNotify();
  const [busy, setBusy] = useState<number | null>(null);
  const dataProvider = useKontorDataProvider();
  const { mutateAsync: removeFromCollection } = useMutation({
    mutationFn: (calculationId: number) => dataProvider.removeFromCollection(collection.id, [calculationId]),
  });
  const remove = async (calculation: CalculationRecord) => {
    setBusy(calculation.id);
    try {
      await removeFromCollection(calculation.id);
      refresh();
      notify('collections.removed', { type: 'info', messageArgs: { number: calculation.number } });
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(null);
    }
  };
  return { remove, busy };
}

/** The report controls with the collection's calculations (the same query as the table's, answered from its cache). */
const CollectionReportControls = ({ collection }: { collection: CollectionRecord }) => {
  const ids = collection.calculation_ids;
  const { data = [] } = useGetMany<CalculationRecord>('calculations', { ids }, { enabled: ids.length > 0 });
  return <ReportControls subject="collections" id={collection.id} calculations={data} />;
};

const MemberRows = bodyWithRowTestIds<CalculationRecord>((calc) => `collection-calculation-${calc.id}`);

interface MemberTableProps {
  rows: CalculationRecord[];
  selected: number[];
  onToggle: (id: number) => void;
  /** Asks to remove a calculation; null for a reader who may not. */
  onRemove: ((calc: CalculationRecord) => void) | null;
  busy: boolean;
}

/** The collection's calculations in its own order, each selectable for a comparison. */
const MemberTable = ({ rows, selected, onToggle, onRemove, busy }: MemberTableProps) => {
  const translate = useTranslate();
  const lang = useLanguage();
  return (
    <HeldRecordsTable data={rows} resource="calculations" data-testid="collection-calculations" body={MemberRows}>
      <DataTable.Col
        padding="checkbox"
        render={(calc: CalculationRecord) => (
          <Checkbox
            checked={selected.includes(calc.id)}
            onChange={() => onToggle(calc.id)}
            slotProps={{ input: { 'aria-label': translate('compare.select', { number: calc.number }) } }}
          />
        )}
      />
      <DataTable.Col
        source="number"
        label="calculations.fields.number"
        cellSx={() => ({ whiteSpace: 'nowrap' })}
        render={(calc: CalculationRecord) => <Link to={`/edit/${calc.id}`}>{calc.number}</Link>}
      />
      <DataTable.Col source="title" label="calculations.fields.title" />
      <DataTable.Col
        source="total_co2e"
        label="calculations.fields.total_co2e"
        align="right"
        render={(calc: CalculationRecord) => `${formatResult(calc.total_co2e, lang)} ${KG_CO2E}`}
      />
      <DataTable.Col
        source="frozen"
        label="collections.fields.offset"
        render={(calc: CalculationRecord) =>
          calc.frozen ? (
            <Chip size="small" color="success" icon={<LockIcon />} label={translate('collections.status.ordered')} />
          ) : (
            <Chip size="small" variant="outlined" label={translate('collections.status.open')} />
          )
        }
      />
      <DataTable.Col
        align="right"
        render={(calc: CalculationRecord) =>
          onRemove ? (
            <Tooltip title={translate('collections.remove', { number: calc.number })}>
              <span>
                <IconButton
                  size="small"
                  onClick={() => onRemove(calc)}
                  disabled={busy}
                  aria-label={translate('collections.remove', { number: calc.number })}
                >
                  <RemoveCircleOutlineIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          ) : null
        }
      />
    </HeldRecordsTable>
  );
};

const CalculationsTable = ({ collection }: { collection: CollectionRecord }) => {
  const translate = useTranslate();
  const writer = useCan('update', 'collections');
  const ids = collection.calculation_ids;
  const { data = [], isPending } = useGetMany<CalculationRecord>('calculations', { ids }, { enabled: ids.length > 0 });
  const [selected, setSelected] = useState<number[]>([]);
  const { remove, busy } = useRemoveCalculation(collection);
  // Removing asks first (issue #35: one click took it out, an ordered one too); an ordered calculation says so.
  const [asked, setAsked] = useState<CalculationRecord | null>(null);
  if (ids.length === 0) return <Alert severity="info">{translate('collections.no_calculations')}</Alert>;
  if (isPending) return <Loading />;
  const byId = new Map(data.map((c) => [Number(c.id), c]));
  const rows = ids.map((id) => byId.get(id)).filter((c): c is CalculationRecord => c !== undefined);
  const toggle = (id: number) =>
    setSelected((current) => (current.includes(id) ? current.filter((x) => x !== id) : [...current, id]));
  const canCompare = selected.length >= COMPARE_MIN && selected.length <= COMPARE_MAX;
  return (
    <>
      <MixedBasesNotice records={rows} />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
        <Button
          component={Link}
          to={comparePath(selected)}
          label="compare.action"
          disabled={!canCompare}
          variant="outlined"
          data-testid="collection-compare"
        >
          <CompareArrowsIcon />
        </Button>
        <Typography variant="body2" color="text.secondary">
          {translate('compare.select_hint', { min: COMPARE_MIN, max: COMPARE_MAX })}
        </Typography>
      </Stack>
      <MemberTable
        rows={rows}
        selected={selected}
        onToggle={toggle}
        onRemove={writer ? setAsked : null}
        busy={busy !== null}
      />
      <Confirm
        isOpen={asked !== null}
        title="collections.remove_confirm.title"
        titleTranslateOptions={{ number: asked?.number ?? '' }}
        content={asked?.frozen ? 'collections.remove_confirm.ordered' : 'collections.remove_confirm.open'}
        translateOptions={{ number: asked?.number ?? '' }}
        confirm="collections.remove_confirm.confirm"
        onConfirm={() => {
          const calculation = asked;
          setAsked(null);
          if (calculation) void remove(calculation);
        }}
        onClose={() => setAsked(null)}
      />
    </>
  );
};

const CollectionShowPage = () => {
  const writer = useCan('update', 'collections');
  const page = usePageRecord<CollectionRecord>('collections', 'collections.not_found', { retry: false });
  if (page.isPending) return <Loading />;
  const collection = page.record;
  if (!collection) {
    return (
      <Box sx={{ p: 2 }}>
        <Alert severity="warning" action={<Button component={Link} to="/collections" label="collections.back" />}>
          {page.failure()}
        </Alert>
      </Box>
    );
  }
  return (
    <Box sx={{ mt: 2 }} data-testid="collection-page">
      <Title title={collection.name} />
      {/* Title and actions share the row while both fit; otherwise the actions move below as a whole, never squeezing a
          button's label onto two lines. */}
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', justifyContent: 'space-between', gap: 1, mb: 2 }}>
        <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
          <Typography variant="h5" component="h1">
            {collection.name}
          </Typography>
          {collection.description ? <Typography color="text.secondary">{collection.description}</Typography> : null}
          <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
            {collection.tags.map((tag) => (
              <Chip key={tag} label={tag} size="small" />
            ))}
          </Stack>
        </Box>
        <Stack
          direction="row"
          useFlexGap
          data-testid="collection-actions"
          sx={{
            flexWrap: 'wrap',
            gap: 1,
            alignItems: 'flex-start',
            justifyContent: 'flex-end',
            '& .MuiButton-root': { whiteSpace: 'nowrap' },
          }}
        >
          <Button component={Link} to="/collections" label="collections.back" />
          {writer ? (
            <>
              <CollectionWriteButtons record={collection} redirectTo="/collections" />
              {/* Offered only when something is left to offset; otherwise disabled with the reason beside it. */}
              <OrderOffsetsButton
                subject={{ collection: collection.id }}
                unavailable={collection.open_co2e > 0 ? null : 'orders.unavailable.nothing_open'}
                data-testid="collection-order"
              />
            </>
          ) : null}
        </Stack>
      </Stack>
      <Grid container spacing={2}>
        <GridPanel md={4}>
          <CollectionTotals record={collection} />
        </GridPanel>
        <GridPanel md={8}>
          <CalculationsTable collection={collection} />
        </GridPanel>
      </Grid>
      <CollectionReportControls collection={collection} />
    </Box>
  );
};

export default CollectionShowPage;
