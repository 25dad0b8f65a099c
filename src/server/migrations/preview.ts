/**
 * The preview of a migration: every selected calculation with its state after the migration
 * (computed once, here, and kept in the item so applying is plain SQL), nothing written to
 * calculations. Calculations are read in id order, one page at a time, so a mandant with
 * 100,000 calculations does not sit in memory at once.
 */
import type { Kysely } from 'kysely';
import type { FactorMigrationSummary } from '../../core/api';
import type { DatabaseSchema, DbBoolean } from '../db/schema';
import { toBoolean } from '../db/values';
import { insertItems, type ItemRow } from './item-writer';
import { EMPTY_SUMMARY } from './record';
import { selectCalculationIds } from '../calculations/state';
import { whereSelected, type CalculationSelection } from './selection';
import type { MigrationTarget } from './targets';
import './tables';

const PAGE = 2000;

/** Marks a promise as observed at once: it is awaited later, and a failure meanwhile must not count as unhandled. */
function observed<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

const percentOf = (before: number, after: number) =>
  before === 0 ? null : ((after - before) / Math.abs(before)) * 100;

/** Computes and stores the items of migration `migrationId`; answers the summary. Run inside the preview's transaction. */
export async function previewItems(
  db: Kysely<DatabaseSchema>,
  migrationId: number,
  selection: CalculationSelection,
  target: MigrationTarget,
): Promise<FactorMigrationSummary> {
  const summary: FactorMigrationSummary = { ...EMPTY_SUMMARY };
  const readPage = (afterId: number) =>
    observed(
      whereSelected(
        selectCalculationIds(db)
          .select([
            'calculations.number',
            'calculations.title',
            'calculations.tags',
            'calculations.template_id',
            'calculation_state.template_version',
            'calculation_state.database_id',
            'calculation_state.machine_set_id',
            'calculations.inputs',
            'calculation_state.total_co2e',
            'calculation_state.version',
            'calculations.frozen',
          ])
          .where('calculations.id', '>', afterId)
          .orderBy('calculations.id')
          .limit(PAGE),
        selection,
      ).execute(),
    );
  // On PostgreSQL the next page is read and the previous page's items are written while this page
  // computes (the queries queue on the transaction's connection); on SQLite this changes nothing.
  let next = readPage(0);
  let writing: Promise<void> = Promise.resolve();
  for (;;) {
    const rows = await next;
    if (rows.length === 0) break;
    next = readPage(rows[rows.length - 1]!.id);
    await target.prepare(rows);
    const items = rows.map((row): ItemRow => {
      const totalBefore = Number(row.total_co2e);
      const outcome = toBoolean(row.frozen as DbBoolean) ? { reason: 'frozen' } : target.outcome(row);
      const migrated = !('reason' in outcome);
      if (migrated) {
        summary.count++;
        summary.total_before += totalBefore;
        summary.total_after += outcome.total;
      } else summary.excluded++;
      return {
        calculation_id: row.id,
        number: row.number,
        title: row.title,
        template_id: row.template_id,
        before_version: Number(row.version),
        total_before: totalBefore,
        total_after: migrated ? outcome.total : null,
        difference: migrated ? outcome.total - totalBefore : null,
        percent: migrated ? percentOf(totalBefore, outcome.total) : null,
        after_results: migrated ? outcome.results : null,
        after_inputs: migrated ? outcome.inputs : null,
        after_machine_set_id: migrated ? outcome.machineSetId : null,
        excluded: migrated ? null : outcome.reason,
      };
    });
    await writing;
    writing = observed(insertItems(db, migrationId, selection.mandantId, items));
  }
  await writing;
  summary.difference = summary.total_after - summary.total_before;
  summary.percent = percentOf(summary.total_before, summary.total_after);
  return summary;
}
