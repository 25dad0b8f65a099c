/**
 * Starting a migration: to a published factor database, to the current version of a template, or
 * (mandant admins) onto a published machine set;
 * for every calculation it concerns, a single one (`?calculation=`) or the calculations of a list
 * filter (`?filter=`, resolved by the server). Creating the preview changes nothing yet.
 */
import { Button, Chip, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useState, type ComponentProps } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import type { CreateFactorMigrationRequest, MandantRecord, MigrationKind } from '../../core/api';
import { ChoiceSelect } from '../layout/ChoiceSelect';
import { PageSectionCard } from './PageSectionCard';
import { useCan } from '../providers/RoleGate';
import { usePublishedMachineSets, useDatabaseInUse, useTemplateList } from './targets';
import { useFactorDatabases } from '../factors/useFactorDatabases';
import { setLabel } from '../machines/setLabel';

/** What the page was opened for (from a calculation's page or the calculations list). */
export interface MigrationScope {
  kind: MigrationKind;
  databaseId: number | null;
  templateId: string | null;
  machineSetId: number | null;
  calculationId: number | null;
  filter: Record<string, unknown> | null;
}

interface Props {
  scope: MigrationScope;
  providerAdmin: boolean;
  busy: boolean;
  onPreview(request: CreateFactorMigrationRequest): void;
  /** Drops the single calculation or the filter: the migration then concerns every calculation. */
  onWiden(): void;
}

/** `status: final · q: Flyer` — the list filter as it was sent. */
function describeFilter(filter: Record<string, unknown>): string {
  return Object.entries(filter)
    .map(([key, value]) => `${key}: ${Array.isArray(value) ? value.join(', ') : String(value)}`)
    .join(' · ');
}

/** Which kind of migration: a machine set only for those who may change machine sets. */
const KindPicker = ({
  kind,
  onChange,
  machineSets,
}: {
  kind: MigrationKind;
  onChange: (kind: MigrationKind) => void;
  machineSets: boolean;
}) => {
  const translate = useTranslate();
  return (
    <>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={kind}
        onChange={(_, value: MigrationKind | null) => value && onChange(value)}
        aria-label={translate('migrations.kind.label')}
        sx={{ mb: 2 }}
      >
        <ToggleButton value="database">{translate('migrations.kind.database')}</ToggleButton>
        <ToggleButton value="template">{translate('migrations.kind.template')}</ToggleButton>
        {machineSets ? (
          <ToggleButton value="machine_set">{translate('migrations.kind.machine_set')}</ToggleButton>
        ) : null}
      </ToggleButtonGroup>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {translate(
          kind === 'template'
            ? 'migrations.new.template_help'
            : kind === 'machine_set'
              ? 'migrations.new.machine_set_help'
              : 'migrations.new.help',
        )}
      </Typography>
    </>
  );
};

/** The select of each kind's target: its id (for the label and tests) and its label. */
const TARGET_SELECTS: Record<MigrationKind, { id: string; label: string }> = {
  database: { id: 'migration-target', label: 'migrations.fields.target' },
  machine_set: { id: 'migration-machine-set', label: 'migrations.fields.machine_set' },
  template: { id: 'migration-template', label: 'migrations.fields.template' },
};

/** One kind's target as its select shows it: what is chosen ('' for nothing), the candidates, and how to choose. */
type Target = Pick<ComponentProps<typeof ChoiceSelect>, 'value' | 'onChange' | 'choices'>;

/** The target of the chosen kind: a published factor database, a machine set or a template's current version. */
const TargetSelect = ({ kind, target }: { kind: MigrationKind; target: Target }) => {
  const translate = useTranslate();
  return <ChoiceSelect id={TARGET_SELECTS[kind].id} label={translate(TARGET_SELECTS[kind].label)} {...target} />;
};

export const NewMigrationCard = ({ scope, providerAdmin, busy, onPreview, onWiden }: Props) => {
  const translate = useTranslate();
  const [kind, setKind] = useState<MigrationKind>(scope.kind);
  const [database, setDatabase] = useState<number | ''>(scope.databaseId ?? '');
  const [templateId, setTemplateId] = useState<string>(scope.templateId ?? '');
  const [machineSet, setMachineSet] = useState<number | ''>(scope.machineSetId ?? '');
  const migratesMachineSets = useCan('update', 'machine-sets');
  const machineSets = usePublishedMachineSets(migratesMachineSets);
  const [mandant, setMandant] = useState<number | ''>('');
  const databases = useFactorDatabases();
  const templates = useTemplateList();
  const mandants = useGetList<MandantRecord>(
    'mandants',
    { pagination: { page: 1, perPage: 200 }, sort: { field: 'name', order: 'ASC' } },
    { enabled: providerAdmin },
  );
  // The calculations this migration concerns, as the calculations list filters them.
  const concerned = {
    ...(scope.filter ?? {}),
    ...(scope.calculationId ? { id: scope.calculationId } : {}),
    ...(providerAdmin && mandant !== '' ? { mandant_id: mandant } : {}),
  };
  const inUse = useDatabaseInUse(concerned, !providerAdmin || mandant !== '');
  const inUseDatabase = (databases.data ?? []).find((candidate) => candidate.id === inUse);
  const published = (databases.data ?? []).filter(
    (candidate) => candidate.status === 'published' && candidate.id !== inUse,
  );
  // A target given by the link (`?to=`) that the calculations already use is not preselected.
  const chosen = published.some((candidate) => candidate.id === database) ? database : '';
  const template = (templates.data ?? []).find((candidate) => candidate.id === templateId);

  const chosenSet = (machineSets.data ?? []).some((candidate) => candidate.id === machineSet) ? machineSet : '';
  const targetChosen =
    kind === 'database' ? chosen !== '' : kind === 'template' ? template !== undefined : chosenSet !== '';
  const ready = targetChosen && (!providerAdmin || mandant !== '');
  const targets: Record<MigrationKind, Target> = {
    database: {
      value: chosen,
      onChange: (value) => setDatabase(Number(value)),
      choices: published.map((candidate) => ({
        value: candidate.id,
        text: `${candidate.name} (${candidate.version_label})`,
      })),
    },
    machine_set: {
      value: chosenSet,
      onChange: (value) => setMachineSet(Number(value)),
      choices: (machineSets.data ?? []).map((candidate) => ({ value: candidate.id, text: setLabel(candidate) })),
    },
    template: {
      value: templateId,
      onChange: (value) => setTemplateId(String(value)),
      choices: (templates.data ?? []).map((candidate) => ({
        value: candidate.id,
        text: translate('migrations.template_target', { template: candidate.label, version: candidate.version }),
      })),
    },
  };
  const submit = () => {
    const narrowed = {
      ...(scope.calculationId ? { calculation_ids: [scope.calculationId] } : {}),
      ...(scope.filter ? { filter: scope.filter } : {}),
      ...(providerAdmin && mandant !== '' ? { mandant_id: mandant } : {}),
    };
    if (kind === 'machine_set' && chosenSet !== '') {
      onPreview({ kind: 'machine_set', to_machine_set_id: chosenSet, ...narrowed });
    } else if (kind === 'template' && template) {
      // The target is the template's current published version (a provider admin's draft is left to the server to refuse).
      onPreview({ kind: 'template', template_id: template.id, to_template_version: template.version, ...narrowed });
    } else if (chosen !== '') {
      onPreview({ to_database_id: chosen, ...narrowed });
    }
  };

  return (
    <PageSectionCard title={translate('migrations.new.title')}>
      <KindPicker kind={kind} onChange={setKind} machineSets={migratesMachineSets} />
      <Stack direction="row" spacing={2} alignItems="center" flexWrap="wrap" useFlexGap>
        {providerAdmin ? (
          <ChoiceSelect
            id="migration-mandant"
            label={translate('migrations.fields.mandant')}
            sx={{ width: 260, maxWidth: '100%' }}
            value={mandant}
            onChange={(value) => setMandant(Number(value))}
            choices={(mandants.data ?? []).map((m) => ({ value: m.id, text: m.name }))}
          />
        ) : null}
        <TargetSelect kind={kind} target={targets[kind]} />
        {kind === 'database' && inUseDatabase ? (
          <Typography variant="body2" color="text.secondary" data-testid="migration-in-use">
            {translate('migrations.new.in_use', {
              database: `${inUseDatabase.name} (${inUseDatabase.version_label})`,
            })}
          </Typography>
        ) : null}
        {scope.calculationId ? (
          <Chip label={translate('migrations.new.only_calculation', { id: scope.calculationId })} onDelete={onWiden} />
        ) : null}
        {scope.filter ? (
          <Chip
            label={translate('migrations.new.only_filter', { filter: describeFilter(scope.filter) })}
            onDelete={onWiden}
            data-testid="migration-filter"
          />
        ) : null}
        <Button variant="contained" disabled={busy || !ready} onClick={submit}>
          {translate('migrations.actions.preview')}
        </Button>
      </Stack>
    </PageSectionCard>
  );
};
