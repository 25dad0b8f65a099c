/**
 * The calculation fixtures of the UI tests, served by the shared mock handlers: the shipped templates (loaded through
 * the core loader, as the server does), the 2025 demo factors, and calculations. Tests override single routes.
 * Brochure and flyer are pinned to their version-1 files: these tests are about the form, drafts, lists and
 * provenance, and their stored inputs and typed fields (energy per 1000, electricity) are those of version 1.
 */
import brochureJson from '../../schemas/templates/brochure.v1.json';
import flyerJson from '../../schemas/templates/flyer.v1.json';
import companyJson from '../../schemas/templates/company-footprint.json';
import sampleJson from '../fixtures/templates/sample.json';
import type {
  CalculationRecord,
  FactorDatabaseRecord,
  FactorRecord,
  MandantRecord,
  StoredInputs,
  TemplateRecord,
} from '../../src/core/api';
import { localize } from '../../src/core/rules';
import { computeResults } from '../../src/core/formula';
import { loadTemplates, type CalculationInputs, type FactorLookup, type Template } from '../../src/core/template';
import { DEMO_FACTORS_2025 } from '../../src/server/seed/factor-databases';
import type { Row } from '../../src/mocks/store';
import { store } from './mockServer';

const loaded = loadTemplates([
  { fileName: 'brochure.json', text: JSON.stringify(brochureJson) },
  { fileName: 'flyer.json', text: JSON.stringify(flyerJson) },
  { fileName: 'sample.json', text: JSON.stringify(sampleJson) },
  { fileName: 'company-footprint.json', text: JSON.stringify(companyJson) },
]);
if (loaded.errors.length) throw new Error(JSON.stringify(loaded.errors));

export function template(id: string): Template {
  const found = loaded.templates.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no template ${id}`);
  return found;
}

export const templateRecords: TemplateRecord[] = loaded.templates.map((t) => ({
  id: t.id,
  version: t.version,
  type: t.type,
  label: localize(t.label, 'de'),
  labels: t.label,
  description: t.description ? localize(t.description, 'de') : null,
  icon: t.icon,
  definition: t,
}));

/**
 * A factor database as the server answers it — by default a global, published demo database valid from the start of
 * `versionLabel`'s year (`extra` changes what a test is about). The one builder of the UI suite's database fixtures.
 */
export function factorDatabase(
  id: number,
  versionLabel: string,
  extra: Partial<FactorDatabaseRecord> = {},
): FactorDatabaseRecord {
  return {
    id,
    mandant_id: null,
    name: `Demo factors ${versionLabel}`,
    version_label: versionLabel,
    status: 'published',
    valid_from: `${versionLabel.slice(0, 4)}-01-01`,
    source: 'demo',
    based_on_id: null,
    demo: true,
    gwp_set: 'IPCC AR6 GWP100',
    rolled_out_at: null,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    version: 1,
    ...extra,
  };
}

export const databases: FactorDatabaseRecord[] = [factorDatabase(1, '2024'), factorDatabase(2, '2025')];

export const factors: FactorRecord[] = DEMO_FACTORS_2025.factors.map((factor, index) => ({
  id: index + 1,
  database_id: 2,
  key: factor.key,
  category: factor.category,
  unit: factor.unit,
  value: factor.value,
  label: factor.label,
  source: factor.source,
  year: factor.year,
  region: factor.region,
  demo: true,
  data_type: 'secondary',
  technology: 'average',
  declaration_kind: null,
  biogenic_co2: null,
  delivery_included: null,
}));

export const lookup2025: FactorLookup = (key) => {
  const factor = factors.find((candidate) => candidate.key === key);
  return (
    factor && { key: factor.key, value: factor.value, unit: factor.unit, source: factor.source, label: factor.label }
  );
};

const mandant: MandantRecord = {
  id: 1,
  name: 'Druckerei Muster',
  slug: 'druckerei-muster',
  active: true,
  settings: { default_database_id: 2 },
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  version: 1,
};

/** A stored calculation as the server would answer, computed with the 2025 factors. */
export function calculationRecord(
  id: number,
  templateId: string,
  inputs: CalculationInputs,
  extra: Partial<CalculationRecord> = {},
): CalculationRecord {
  const t = template(templateId);
  const computed = computeResults(t, inputs, lookup2025);
  return {
    id,
    mandant_id: 1,
    number: `K-2026-${String(id).padStart(6, '0')}`,
    template_id: t.id,
    template_version: t.version,
    template_type: t.type,
    database_id: 2,
    machine_set_id: null,
    title: String(inputs.title ?? ''),
    customer: null,
    tags: Array.isArray(inputs.tags) ? (inputs.tags as string[]) : [],
    status: 'draft',
    // The fixtures' inputs are field values as the template validator admits them (what the API answers).
    inputs: inputs as StoredInputs,
    results: {
      values: computed.results,
      primary: computed.primaryName,
      breakdown: computed.breakdown,
      factors: computed.factors,
      database: { id: 2, name: 'Demo factors 2025', version_label: '2025' },
    },
    total_co2e: computed.primary,
    created_by: 3,
    updated_by: 3,
    created_at: '2026-03-01T10:00:00Z',
    updated_at: '2026-03-02T10:00:00Z',
    version: 3,
    duplicated_from: null,
    import_id: null,
    frozen: false,
    channel: null,
    channel_reference: null,
    ...extra,
  };
}

export const brochureInputs: CalculationInputs = {
  title: 'Frühjahrskatalog',
  quantity: 5000,
  format: 'A4',
  pages: 16,
  paper: 'paper_virgin',
  grammage: 115,
  spoilage_pct: 10,
  has_cover: false,
  energy_kwh_per_1000: 2.5,
  electricity: 'electricity_de_grid',
  tags: ['messe'],
  transport: [{ mode: 'road_freight_truck', distance_km: 120 }],
};

export const calculations: CalculationRecord[] = [];

export function resetCalculations(): void {
  calculations.splice(
    0,
    calculations.length,
    calculationRecord(7, 'brochure', brochureInputs),
    calculationRecord(8, 'flyer', { ...flyerDefaults(), title: 'Sommerflyer' }),
  );
}

function flyerDefaults(): CalculationInputs {
  const t = template('flyer');
  const inputs: CalculationInputs = {};
  for (const group of t.groups) {
    if (group.repeatable) continue;
    for (const field of group.fields) if (field.default !== undefined) inputs[field.name] = field.default;
  }
  return inputs;
}

/** A calculation as stored now: in the fixture list and in the shared handlers' store. */
export function putCalculation(record: CalculationRecord): void {
  const index = calculations.findIndex((candidate) => candidate.id === record.id);
  if (index < 0) calculations.push(record);
  else calculations[index] = record;
  store.table('calculations').set(String(record.id), record as unknown as Row);
}

/** Rows the shared handlers' store answers for `resource` (beside what it has), until the test ends. */
export const putRecords = (resource: string, rows: readonly { id: number | string }[]) => {
  const table = store.table(resource);
  for (const row of rows) table.set(String(row.id), row as unknown as Row);
};

/**
 * The calculation fixtures in the shared handlers' store (tests/ui/mockServer.ts), which answers the templates, factor
 * databases, factors, the mandant (its default database) and the calculations as the server would. The store forgets
 * them after each test; a test changes a calculation with `putCalculation`.
 */
export function seedCalculations(): void {
  resetCalculations();
  putRecords('templates', templateRecords);
  putRecords('databases', databases);
  putRecords('factors', factors);
  putRecords('mandants', [mandant]);
  putRecords('calculations', calculations);
}
