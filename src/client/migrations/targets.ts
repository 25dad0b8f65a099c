/**
 * Naming a migration's target for people — "Demo factors (2025)", "Flyer – version 2" or "Demo-Maschinen 2025" — and
 * the request that previews a migration again (for the fresh preview after a 409).
 */
import { useGetList, useTranslate } from 'react-admin';
import type {
  CalculationListRecord,
  CreateFactorMigrationRequest,
  FactorMigrationRecord,
  MachineSetRecord,
  TemplateRecord,
} from '../../core/api';
import { setLabel } from '../machines/setLabel';
import { useFactorDatabases } from '../factors/useFactorDatabases';
import { CALCULATION_LIST_ROWS } from '../providers/listRows';

const ALL = { page: 1, perPage: 200 };

export function useTemplateList() {
  return useGetList<TemplateRecord>('templates', { pagination: ALL, sort: { field: 'id', order: 'ASC' } });
}

/** The mandant's published machine sets, newest first: the targets of a machine set migration. */
export function usePublishedMachineSets(enabled = true) {
  return useGetList<MachineSetRecord>(
    'machine-sets',
    { filter: { status: 'published' }, pagination: ALL, sort: { field: 'created_at', order: 'DESC' } },
    { enabled },
  );
}

/**
 * The factor database every calculation of `filter` (a calculations-list filter) already uses, or
 * null when they use several or there are none. A migration to it would take nothing and is refused,
 * so it is not offered. Two one-row reads: the first calculation's database and how many use it.
 */
export function useDatabaseInUse(filter: Record<string, unknown>, enabled: boolean): number | null {
  const one = { page: 1, perPage: 1 };
  const sort = { field: 'id', order: 'ASC' as const };
  const meta = CALCULATION_LIST_ROWS;
  const first = useGetList<CalculationListRecord>('calculations', { filter, pagination: one, sort, meta }, { enabled });
  const candidate = first.data?.[0]?.database_id;
  const same = useGetList<CalculationListRecord>(
    'calculations',
    { filter: { ...filter, database_id: candidate }, pagination: one, sort, meta },
    { enabled: enabled && candidate !== undefined },
  );
  if (!enabled || candidate === undefined || first.total === undefined || same.total === undefined) return null;
  return same.total === first.total ? candidate : null;
}

/** `(migration) => text` naming where it takes the calculations. */
export function useTargetName(): (
  migration: Pick<
    FactorMigrationRecord,
    'kind' | 'to_database_id' | 'template_id' | 'to_template_version' | 'to_machine_set_id'
  >,
) => string {
  const translate = useTranslate();
  const { data: databases = [] } = useFactorDatabases();
  const { data: templates = [] } = useTemplateList();
  const { data: machineSets = [] } = usePublishedMachineSets();
  return (migration) => {
    if (migration.kind === 'machine_set') {
      const set = machineSets.find((candidate) => candidate.id === migration.to_machine_set_id);
      return set ? setLabel(set) : `#${migration.to_machine_set_id ?? '—'}`;
    }
    if (migration.kind === 'template') {
      const template = templates.find((candidate) => candidate.id === migration.template_id);
      return translate('migrations.template_target', {
        template: template?.label ?? migration.template_id ?? '—',
        version: migration.to_template_version ?? '—',
      });
    }
    const database = databases.find((candidate) => candidate.id === migration.to_database_id);
    return database
      ? `${database.name} (${database.version_label})`
      : migration.to_database_id === null
        ? '—'
        : `#${migration.to_database_id}`;
  };
}

/** The request that previews `migration` again, for the same calculations. */
export function repeatRequest(
  migration: FactorMigrationRecord,
  calculationIds: number[] | null,
): CreateFactorMigrationRequest {
  const narrowed = {
    ...(calculationIds ? { calculation_ids: calculationIds } : {}),
    ...(migration.filter ? { filter: migration.filter } : {}),
  };
  if (migration.kind === 'machine_set') {
    return {
      kind: 'machine_set',
      to_machine_set_id: migration.to_machine_set_id ?? 0,
      from_machine_set_id: migration.from_machine_set_id,
      ...narrowed,
    };
  }
  if (migration.kind === 'template') {
    return {
      kind: 'template',
      template_id: migration.template_id ?? '',
      to_template_version: migration.to_template_version ?? undefined,
      ...narrowed,
    };
  }
  return { to_database_id: migration.to_database_id ?? 0, ...narrowed };
}
