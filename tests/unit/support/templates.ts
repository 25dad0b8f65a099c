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
