/** Test support: reads template files from disk (core itself does no I/O) and a factor lookup over the demo sets. */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadTemplates, type FactorCatalog, type FactorLookup, type Template } from '../../../src/core/template';
import {
  DEMO_FACTORS_2024,
  DEMO_FACTORS_2025,
  type DemoFactorDatabase,
} from '../../../src/server/seed/factor-databases';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export function shippedTemplateFiles() {
  const dir = join(ROOT, 'schemas', 'templates');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((fileName) => ({ fileName, text: readFileSync(join(dir, fileName), 'utf8') }));
}

export function fixtureText(name: string): string {
  return readFileSync(join(ROOT, 'tests', 'fixtures', 'templates', name), 'utf8');
}

export function fixtureJson(name: string): Record<string, unknown> {
  return JSON.parse(fixtureText(name)) as Record<string, unknown>;
}

export function catalogOf(database: DemoFactorDatabase): FactorCatalog {
  const categories: Record<string, string[]> = {};
  for (const factor of database.factors) (categories[factor.category] ??= []).push(factor.key);
  return { categories };
}

export function lookupOf(database: DemoFactorDatabase): FactorLookup {
  return (key) => {
    const factor = database.factors.find((candidate) => candidate.key === key);
    return (
      factor && { key: factor.key, value: factor.value, unit: factor.unit, source: factor.source, label: factor.label }
    );
  };
}

export const lookup2024 = lookupOf(DEMO_FACTORS_2024);
export const lookup2025 = lookupOf(DEMO_FACTORS_2025);

/** A shipped template: the current (newest) version, or the version asked for. */
export function shippedTemplate(id: string, version?: number): Template {
  const { templates, errors } = loadTemplates(shippedTemplateFiles(), catalogOf(DEMO_FACTORS_2024));
  if (errors.length) throw new Error(JSON.stringify(errors));
  const versions = templates.filter((candidate) => candidate.id === id).sort((a, b) => b.version - a.version);
  const template = version === undefined ? versions[0] : versions.find((candidate) => candidate.version === version);
  if (!template) throw new Error(`no template ${id}${version === undefined ? '' : ` version ${version}`}`);
  return template;
}

export function sampleTemplate(): Template {
  const { templates, errors } = loadTemplates([{ fileName: 'sample.json', text: fixtureText('sample.json') }]);
  if (errors.length) throw new Error(JSON.stringify(errors));
  return templates[0];
}

/**
 * Stored results' fixture: inputs of version 1 of the brochure (`shippedTemplate('brochure', 1)`: its paper result
 * cites both papers) with a cover, for results computed against the 2024 demo factors and referring to that database;
 * read by the stored-results and contract tests. The template is loaded by each test, not here: loading every shipped
 * template would run for every test file that imports this module.
 */
export const BROCHURE_V1 = {
  database: { id: 1, name: 'Demo factors 2024', version_label: '2024' },
  inputs: {
    title: 'Image brochure',
    quantity: 5000,
    format: 'A4',
    pages: 16,
    paper: 'paper_virgin',
    grammage: 115,
    spoilage_pct: 10,
    has_cover: true,
    cover_paper: 'paper_recycled',
    cover_grammage: 250,
    energy_kwh_per_1000: 2.5,
    electricity: 'electricity_de_grid',
    transport: [{ mode: 'road_freight_truck', distance_km: 250 }],
  },
} as const;
