/**
 * Which calculations a migration takes: those of one mandant the target concerns (not yet on the
 * target database, on another version of the target's template, or reading another machine set —
 * a calculation that reads no machine figure does not depend on any set), optionally narrowed to a
 * list of ids or to a calculations-list filter. The filter is the one `GET /api/calculations`
 * understands (columns, `q`, `tags`), resolved here on the server: it may match 100,000
 * calculations, whose ids never travel through the client.
 */
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { CALCULATION_COLUMNS, CALCULATION_SEARCHABLE, tagFilterValues } from '../calculations/list';
import { hasTag } from '../calculations/tags';
import { calculationColumn, selectCalculationIds } from '../calculations/state';
import { parseListQuery } from '../http/list-query';
import { applyConditions, searchCondition } from '../http/list-sql';
import type { DatabaseSchema } from '../db/schema';

export type MigrationTargetSelection =
  | { kind: 'database'; toDatabaseId: number; fromDatabaseId: number | null }
  | { kind: 'template'; templateId: string; toVersion: number; fromVersion: number | null }
  | { kind: 'machine_set'; toSetId: number; fromSetId: number | null };

export interface CalculationSelection {
  mandantId: number;
  target: MigrationTargetSelection;
  calculationIds: number[] | null;
  /** A calculations-list filter (already checked with `checkListFilter`). */
  filter: Record<string, unknown> | null;
}

/** Parses the filter exactly as the calculations list does; throws 400 naming a bad key or value. */
export function checkListFilter(filter: Record<string, unknown>) {
  const query = parseListQuery({ filter: JSON.stringify(filter) }, CALCULATION_COLUMNS, CALCULATION_SEARCHABLE, [
    'tags',
  ]);
  return { conditions: query.conditions, search: query.search, tags: tagFilterValues(query.custom.tags) };
}

type Filterable = { where(expression: Expression<SqlBool>): Filterable };

/**
 * Narrows a query over the `calculations` table joined with `calculation_state` (neither aliased: the tag filter
 * refers to them by name) to the selection. The mandant comes first, so no filter key can reach another mandant.
 */
export function whereSelected<QB>(query: QB, selection: CalculationSelection): QB {
  return whereNarrowed(query, selection, 'other');
}

/**
 * `other`: the calculations the migration takes; `target`: those of the same narrowing that already
 * use the target database (a database migration only).
 */
function whereNarrowed<QB>(query: QB, selection: CalculationSelection, on: 'other' | 'target'): QB {
  let q = (query as unknown as Filterable).where(sql<SqlBool>`calculations.mandant_id = ${selection.mandantId}`);
  const { target } = selection;
  if (target.kind === 'database') {
    q = q.where(
      on === 'target'
        ? sql<SqlBool>`calculation_state.database_id = ${target.toDatabaseId}`
        : sql<SqlBool>`calculation_state.database_id <> ${target.toDatabaseId}`,
    );
    if (target.fromDatabaseId !== null)
      q = q.where(sql<SqlBool>`calculation_state.database_id = ${target.fromDatabaseId}`);
  } else if (target.kind === 'machine_set') {
    q = q.where(sql<SqlBool>`calculation_state.machine_set_id is not null`);
    q = q.where(sql<SqlBool>`calculation_state.machine_set_id <> ${target.toSetId}`);
    if (target.fromSetId !== null) q = q.where(sql<SqlBool>`calculation_state.machine_set_id = ${target.fromSetId}`);
  } else {
    q = q.where(sql<SqlBool>`calculations.template_id = ${target.templateId}`);
    q = q.where(sql<SqlBool>`calculation_state.template_version <> ${target.toVersion}`);
    if (target.fromVersion !== null)
      q = q.where(sql<SqlBool>`calculation_state.template_version = ${target.fromVersion}`);
  }
  if (selection.calculationIds !== null) {
    const ids = selection.calculationIds;
    q = q.where(ids.length === 0 ? sql<SqlBool>`1 = 0` : sql<SqlBool>`calculations.id in (${sql.join(ids)})`);
  }
  if (selection.filter !== null) {
    const { conditions, search, tags } = checkListFilter(selection.filter);
    q = applyConditions(
      q,
      conditions.map((condition) => ({ ...condition, column: calculationColumn(condition.column) })),
    );
    for (const tag of tags) q = q.where(hasTag(tag));
    if (search !== null)
      q = q.where(
        searchCondition(
          search,
          CALCULATION_SEARCHABLE.map((column) => sql.ref(`calculations.${column}`)),
        ),
      );
  }
  return q as unknown as QB;
}

/**
 * Whether a database migration would take nothing only because the calculations it narrows to
 * already use the target: such a preview says nothing and is refused rather than kept in the history.
 * A narrowing that matches no calculation at all is not this case.
 */
export async function alreadyOnTarget(db: Kysely<DatabaseSchema>, selection: CalculationSelection): Promise<boolean> {
  const { target } = selection;
  if (target.kind !== 'database') return false;
  if (target.fromDatabaseId === target.toDatabaseId) return true;
  const any = (on: 'other' | 'target') =>
    whereNarrowed(selectCalculationIds(db).limit(1), selection, on).executeTakeFirst();
  return (await any('other')) === undefined && (await any('target')) !== undefined;
}
