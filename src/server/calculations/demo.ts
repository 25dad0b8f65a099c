/**
 * A handful of demo calculations per mandant, computed exactly as the API computes them
 * (shipped templates, the 2024 demo factors). A template that is missing or broken is skipped:
 * demo data must never stop a start.
 */
import type { Kysely } from 'kysely';
import type { FactorDatabaseRecord } from '../../core/api';
import type { Language } from '../../core/languages';
import { defaultInputs, loadTemplates, pruneInputs, type CalculationInputs } from '../../core/template';
import type { DatabaseSchema } from '../db/schema';
import { isoNow } from '../db/values';
import { seedDemoFactorDatabases } from '../factors/demo';
import { loadFactorSet } from '../factors/factor-set';
import { readTemplateFiles } from '../templates/registry';
import { allocateCalculationNumber } from './number';
import { computeColumns } from './prepare';
import { writeCalculationTags } from './tags';
import { insertCalculation, newCalculationColumns } from './state';

interface DemoCalculation {
  template: string;
  /** A shipped older version, so a template migration can be tried on demo data; absent: the current version. */
  version?: number;
  customer: string | null;
  status: 'draft' | 'final';
  inputs: CalculationInputs;
}

const DEMO_CALCULATIONS: DemoCalculation[] = [
  {
    template: 'brochure',
    customer: 'Stadtwerke Musterstadt',
    status: 'final',
    inputs: {
      title: 'Kundenmagazin Frühjahr',
      quantity: 5000,
      pages: 16,
      format: 'A4',
      tags: ['magazin', 'stammkunde'],
      transport: [{ mode: 'road_freight_truck', distance_km: 120 }],
    },
  },
  {
    template: 'brochure',
    version: 1,
    customer: 'Stadtwerke Musterstadt',
    status: 'final',
    inputs: {
      title: 'Kundenmagazin Herbst 2025',
      quantity: 4000,
      pages: 16,
      format: 'A4',
      tags: ['magazin'],
      transport: [{ mode: 'road_freight_truck', distance_km: 120 }],
    },
  },
  {
    template: 'flyer',
    customer: 'Bäckerei Korn',
    status: 'draft',
    inputs: {
      title: 'Flyer Sommerfest',
      quantity: 10000,
      format: 'A5',
      tags: ['event'],
      transport: [{ mode: 'road_freight_truck', distance_km: 35 }],
    },
  },
  {
    template: 'business-cards',
    customer: 'Kanzlei Berger',
    status: 'final',
    inputs: { title: 'Visitenkarten Team', designs: 6, quantity: 250, tags: ['stammkunde'] },
  },
  {
    template: 'poster',
    customer: null,
    status: 'draft',
    inputs: { title: 'Plakat Tag der offenen Tür', quantity: 200, format: 'A1', tags: ['event'] },
  },
  {
    template: 'company-footprint',
    customer: null,
    status: 'final',
    inputs: {
      title: 'Unternehmens-Fußabdruck 2025',
      reporting_year: 2025,
      electricity_kwh: 182000,
      natural_gas_kwh: 95000,
      diesel_l: 4200,
      petrol_l: 600,
      tags: ['bericht'],
      travel: [{ travel_mode: 'travel_train', distance_km: 1200, travellers: 3 }],
    },
  },
];

export async function seedDemoCalculations(
  db: Kysely<DatabaseSchema>,
  options: {
    templatesDir: string;
    database: FactorDatabaseRecord;
    mandantIds: number[];
    createdBy: Map<number, number>;
    lang?: Language;
  },
): Promise<number> {
  const { files } = readTemplateFiles(options.templatesDir);
  const { templates } = loadTemplates(files);
  const factors = await loadFactorSet(db, options.database);
  const now = isoNow();
  let count = 0;
  for (const mandantId of options.mandantIds) {
    for (const demo of DEMO_CALCULATIONS) {
      const template = templates
        .filter((candidate) => candidate.id === demo.template && (!demo.version || candidate.version === demo.version))
        .sort((a, b) => b.version - a.version)[0];
      if (!template) continue;
      let columns;
      try {
        // Defaults of hidden fields (e.g. a cover's paper without a cover) must not be sent.
        const inputs = pruneInputs(template, { ...defaultInputs(template), ...demo.inputs });
        columns = computeColumns(template, inputs, factors, options.lang ?? 'de');
      } catch {
        continue;
      }
      const { computed: _computed, ...stored } = columns;
      const createdBy = options.createdBy.get(mandantId) ?? null;
      const id = await insertCalculation(db, {
        ...stored,
        mandant_id: mandantId,
        number: await allocateCalculationNumber(db, mandantId),
        title: stored.title ?? template.label.de,
        tags: stored.tags ?? '[]',
        customer: demo.customer,
        status: demo.status,
        created_by: createdBy,
        updated_by: createdBy,
        ...newCalculationColumns(now),
      });
      const tags = columns.computed.inputs.tags;
      await writeCalculationTags(
        db,
        { id, mandant_id: mandantId, created_at: now, total_co2e: stored.total_co2e },
        Array.isArray(tags) ? (tags as string[]) : [],
      );
      count++;
    }
  }
  return count;
}

/**
 * The demo data of issue 3, called by seedDemo: the demo factor databases, the newest set (2025) rolled out to all
 * mandants as the provider admin would (no mandant pins its own, so a later roll-out reaches them all) and the demo
 * calculations (created by the mandant's editor). The demo calculations are computed with the older set (2024), so a
 * fresh start has a newer database to try a migration on, while new calculations start on the newest one.
 */
export async function seedDemoFactorsAndCalculations(
  db: Kysely<DatabaseSchema>,
  templatesDir: string,
  mandantIds: number[],
): Promise<void> {
  const databases = await seedDemoFactorDatabases(db);
  const current = databases[databases.length - 1];
  const older = databases[0];
  if (!current || !older) return;
  await db.updateTable('factor_databases').set({ rolled_out_at: isoNow() }).where('id', '=', current.id).execute();
  const editors = await db
    .selectFrom('users')
    .select(['id', 'mandant_id'])
    .where('role', '=', 'editor')
    .orderBy('id')
    .execute();
  const createdBy = new Map<number, number>();
  for (const editor of editors)
    if (editor.mandant_id !== null && !createdBy.has(editor.mandant_id)) createdBy.set(editor.mandant_id, editor.id);
  await seedDemoCalculations(db, { templatesDir, database: older, mandantIds, createdBy });
}
