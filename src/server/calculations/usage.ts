/**
 * Reading the calculations a change would touch (issue #34, the impact of a template, factor or database change):
 * the caller's calculations of one template or on some factor databases, in id order one page at a time, with what
 * a usage check reads (inputs, the factor keys each result cited). Scoped by the one tenant rule.
 */
import type { Kysely } from 'kysely';
import type { CalculationInputs } from '../../core/template';
import type { DatabaseSchema } from '../db/schema';
import { parseJson, toCount } from '../db/values';
import { scopeToMandant } from '../http/tenant-scope';
import type { CalculationUsage } from '../templates/calculation-usage';
import { versionKey } from '../templates/versions-table';
import { selectCalculationIds } from './state';

const PAGE = 2000;

const scanCalculations: CalculationUsage['scan'] = async (db, user, where, visit) => {
  if (where.databaseIds && where.databaseIds.length === 0) return;
  let after = 0;
  for (;;) {
    let query = selectCalculationIds(db)
      .select([
        'calculations.template_id',
        'calculation_state.template_version',
        'calculation_state.database_id',
        'calculations.inputs',
        'calculation_state.results',
      ])
      .where('calculations.id', '>', after)
      .orderBy('calculations.id')
      .limit(PAGE);
    query = scopeToMandant(query, user, 'calculations.mandant_id');
    if (where.templateId !== undefined) query = query.where('calculations.template_id', '=', where.templateId);
    if (where.databaseIds) query = query.where('calculation_state.database_id', 'in', [...where.databaseIds]);
    const rows = await query.execute();
    for (const row of rows) {
      const results = parseJson<{ factor_keys?: Record<string, unknown> }>(row.results, {});
      const factorKeys = new Set<string>();
      for (const keys of Object.values(results.factor_keys ?? {}))
        if (Array.isArray(keys)) for (const key of keys) if (typeof key === 'string') factorKeys.add(key);
      visit({
        id: Number(row.id),
        template_id: row.template_id,
        template_version: Number(row.template_version),
        database_id: Number(row.database_id),
        inputs: parseJson<CalculationInputs>(row.inputs, {}),
        factorKeys,
      });
    }
    if (rows.length < PAGE) return;
    after = Number(rows[rows.length - 1]!.id);
  }
};

async function usageByVersion(db: Kysely<DatabaseSchema>, templateId?: string): Promise<Map<string, number>> {
  let query = selectCalculationIds(db)
    .clearSelect()
    .select((eb) => ['calculations.template_id', 'calculation_state.template_version', eb.fn.countAll().as('n')])
    .groupBy(['calculations.template_id', 'calculation_state.template_version']);
  if (templateId !== undefined) query = query.where('calculations.template_id', '=', templateId);
  const usage = new Map<string, number>();
  for (const row of await query.execute()) usage.set(versionKey(row.template_id, row.template_version), toCount(row.n));
  return usage;
}

/** What the template and factor modules read of the calculations, given to their plugins in routes.ts. */
export const calculationUsage: CalculationUsage = { scan: scanCalculations, byVersion: usageByVersion };
