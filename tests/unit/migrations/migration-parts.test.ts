/**
 * Pieces of the migrations (issue 6) that need no database: carrying inputs over to another
 * template version, and the fast writer of stored results, which must write exactly what
 * `JSON.stringify(toStoredResults(…))` writes.
 */
import { describe, expect, it } from 'vitest';
import type { CalculationResults } from '../../../src/core/api';
import { computeResults, toStoredResults } from '../../../src/core/formula';
import { defaultInputs, loadTemplates, pruneInputs, type Template } from '../../../src/core/template';
import {
  DEMO_FACTORS_2024,
  DEMO_FACTORS_2025,
  type DemoFactorDatabase,
} from '../../../src/server/seed/factor-databases';
import { carryInputs } from '../../../src/server/migrations/carry-over';
import { storedResultsWriter } from '../../../src/core/formula';
import { catalogOf, lookupOf, shippedTemplate, shippedTemplateFiles } from '../support/templates';
import type { Kysely } from 'kysely';
import type { FactorDatabaseRecord, FactorRecord } from '../../../src/core/api';
import type { CalculationInputs } from '../../../src/core/template';
import type { DatabaseSchema } from '../../../src/server/db/schema';
import { toFactorSet } from '../../../src/server/factors/factor-set';
import { databaseTarget, type SourceRow } from '../../../src/server/migrations/targets';
import type { TemplateRegistry } from '../../../src/server/templates/registry';

const columns = { title: 'Column title', tags: ['column-tag'] };

describe('carrying inputs over to another template version', () => {
  // Version 1 as shipped; the version 2 below is made up for the test, not the shipped print model's.
  const v1 = shippedTemplate('flyer', 1);
  /** Version 2: spoilage_pct gone, waste_pct new (default 8), transport legs gain return_trip, a new packaging group. */
  const v2: Template = (() => {
    const next: Template = structuredClone(v1);
    next.version = 2;
    const paper = next.groups.find((group) => group.id === 'paper_group')!;
    paper.fields = paper.fields.filter((field) => field.name !== 'spoilage_pct');
    paper.fields.push({
      name: 'waste_pct',
      type: 'number',
      label: { de: 'Abfall', en: 'Waste', fr: 'Déchets', it: 'Scarti', es: 'Residuos' },
      default: 8,
    });
    paper.fields.push({
      name: 'coating',
      type: 'text',
      label: { de: 'Lack', en: 'Coating', fr: 'Vernis', it: 'Vernice', es: 'Barniz' },
    });
    next.groups
      .find((group) => group.id === 'transport')!
      .fields.push({
        name: 'return_trip',
        type: 'boolean',
        label: { de: 'Rückfahrt', en: 'Return', fr: 'Retour', it: 'Ritorno', es: 'Regreso' },
        default: false,
      });
    for (const result of next.results) result.formula = result.formula.replaceAll('spoilage_pct', 'waste_pct');
    for (const [alias, field] of Object.entries(next.import?.aliases ?? {}))
      if (field === 'spoilage_pct') next.import!.aliases[alias] = 'waste_pct';
    next.groups.push({
      id: 'packaging',
      label: { de: 'Verpackung', en: 'Packaging', fr: 'Emballage', it: 'Imballaggio', es: 'Embalaje' },
      repeatable: true,
      min: 1,
      fields: [
        {
          name: 'boxes',
          type: 'integer',
          label: { de: 'Kartons', en: 'Boxes', fr: 'Cartons', it: 'Scatole', es: 'Cajas' },
          default: 1,
        },
      ],
    });
    return next;
  })();
  const inputs: Record<string, unknown> = {
    ...pruneInputs(v1, defaultInputs(v1)),
    title: 'Sommerfest',
    grammage: 170,
    transport: [{ mode: 'road_freight_truck', distance_km: 120 }],
  };

  it('keeps what the new version still has, drops what it lacks and gives new fields their defaults', () => {
    const carried = carryInputs(v1, v2, inputs, columns);
    const { spoilage_pct: _gone, ...kept } = inputs;
    expect(carried).toEqual({
      ...kept,
      waste_pct: 8,
      transport: [{ mode: 'road_freight_truck', distance_km: 120, return_trip: false }],
      packaging: [{ boxes: 1 }],
    });
    // A field the old version had, left empty by the user, stays empty; a new one without default too.
    expect(carried).not.toHaveProperty('coating');
    const withoutTitle = carryInputs(v1, v2, { ...inputs, title: undefined }, columns);
    expect(withoutTitle).not.toHaveProperty('title');
  });

  it('starts a title or tags field new in the target version from the calculation’s columns', () => {
    const untitled: Template = structuredClone(v1);
    for (const group of untitled.groups)
      group.fields = group.fields.filter((field) => field.name !== 'title' && field.name !== 'tags');
    untitled.list = {
      ...untitled.list,
      columns: untitled.list.columns.filter((name) => name !== 'title'),
      filters: [],
    };
    for (const [alias, field] of Object.entries(untitled.import?.aliases ?? {}))
      if (field === 'title' || field === 'tags') delete untitled.import!.aliases[alias];
    const { title: _t, tags: _g, ...old } = inputs;
    expect(carryInputs(untitled, v1, old, columns)).toMatchObject({ title: 'Column title', tags: ['column-tag'] });
  });

  it('carries only the calculation’s own values: a field named like an Object member inherits nothing', () => {
    const odd: Template = structuredClone(v2);
    odd.version = 3;
    odd.groups[0]!.fields.push({ name: 'constructor', type: 'number', label: odd.groups[0]!.fields[0]!.label });
    const carried = carryInputs(v2, odd, { ...inputs }, columns);
    expect(Object.hasOwn(carried, 'constructor')).toBe(false);
  });

  it('treats every empty field as new when the source version is gone', () => {
    expect(carryInputs(undefined, v2, { ...inputs, grammage: undefined }, columns)).toMatchObject({
      grammage: 135,
      waste_pct: 8,
    });
  });
});

describe('the fast writer of stored results', () => {
  const templates = loadTemplates(shippedTemplateFiles(), catalogOf(DEMO_FACTORS_2024)).templates;

  const resultsOf = (
    template: Template,
    inputs: Record<string, unknown>,
    database: DemoFactorDatabase,
    id: number,
  ): CalculationResults => {
    const computed = computeResults(template, inputs, lookupOf(database));
    return {
      values: computed.results,
      primary: computed.primaryName,
      breakdown: computed.breakdown,
      factors: computed.factors,
      database: { id, name: database.name, version_label: String(id) },
    };
  };

  it('writes exactly what the plain serialisation writes, for every shipped template, database and quantity', () => {
    const write = storedResultsWriter();
    for (let round = 0; round < 3; round++) {
      for (const template of templates) {
        for (const [id, database] of [
          [1, DEMO_FACTORS_2024],
          [2, DEMO_FACTORS_2025],
        ] as const) {
          const inputs = { ...defaultInputs(template), quantity: 1000 + round * 777 };
          const results = resultsOf(template, pruneInputs(template, inputs), database, id);
          expect(write(results), `${template.id} ${database.name}`).toBe(JSON.stringify(toStoredResults(results)));
        }
      }
    }
  });

  it('falls back to the plain serialisation should the stored form change shape', () => {
    const write = storedResultsWriter();
    const template = templates.find((candidate) => candidate.id === 'flyer')!;
    const results = resultsOf(template, pruneInputs(template, defaultInputs(template)), DEMO_FACTORS_2024, 1);
    // A different database name under the same id is a new signature, checked against the plain form again.
    const renamed = { ...results, database: { ...results.database, name: 'Renamed' } };
    expect(write(results)).toBe(JSON.stringify(toStoredResults(results)));
    expect(write(renamed)).toBe(JSON.stringify(toStoredResults(renamed)));
  });
});

describe('a factor-database migration of a calculation whose factor moved to another category', () => {
  const flyer = shippedTemplate('flyer');
  const registry = { resolve: () => flyer } as unknown as TemplateRegistry;
  /** The 2025 demo factors, but `moved` filed under the category `elsewhere`. */
  const target = (moved?: string) =>
    toFactorSet(
      { id: 931, name: DEMO_FACTORS_2025.name, version_label: DEMO_FACTORS_2025.version } as FactorDatabaseRecord,
      DEMO_FACTORS_2025.factors.map(
        (factor, index) =>
          ({
            ...factor,
            category: factor.key === moved ? 'elsewhere' : factor.category,
            id: index + 1,
            database_id: 931,
          }) as FactorRecord,
      ),
    );
  const row = (inputs: CalculationInputs): SourceRow => ({
    id: 1,
    template_id: 'flyer',
    template_version: flyer.version,
    database_id: 930,
    machine_set_id: null,
    title: 'Flyer',
    tags: '[]',
    inputs: JSON.stringify(inputs),
  });
  const inputs = pruneInputs(flyer, {
    ...defaultInputs(flyer),
    transport: [{ mode: 'rail_freight', distance_km: 80 }],
  });
  const outcome = (moved?: string) =>
    databaseTarget({} as Kysely<DatabaseSchema>, registry, 1, target(moved), 'en').outcome(row(inputs));

  it('computes it when every factor is still in its category', () => {
    expect(outcome()).toHaveProperty('total');
  });

  it('leaves it out, naming the field and the factor, for a top-level field and for a repeatable group’s', () => {
    expect(outcome('paper_virgin')).toEqual({ reason: expect.stringContaining('“paper_virgin”') as unknown });
    expect(outcome('rail_freight')).toEqual({ reason: expect.stringContaining('“rail_freight”') as unknown });
  });
});
