/**
 * The compiled formulas against the interpreter they replace (tests/unit/support/reference-formula.ts), and the
 * client's preview against the server's evaluation, on every shipped template and the fixtures, for random valid
 * and invalid inputs: the same numbers, breakdowns and cited factors, or the same fault (code, message, result,
 * field, factor, machine).
 */
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FactorDatabaseRecord, FactorRecord, MachineSetRecord } from '../../../src/core/api';
import { CalculationError, computeResults, tryComputeResults } from '../../../src/core/formula';
import { toProductionData } from '../../../src/core/production';
import {
  defaultInputs,
  defaultItem,
  loadTemplates,
  pruneInputs,
  type Field,
  type Template,
} from '../../../src/core/template';
import { evaluateCalculation } from '../../../src/server/calculations/evaluate';
import {
  DEMO_FACTORS_2024,
  DEMO_FACTORS_2025,
  type DemoFactorDatabase,
} from '../../../src/server/seed/factor-databases';
import { toFactorSet } from '../../../src/server/factors/factor-set';
import { Refusal } from '../../../src/server/refusals';
import type { ProductionSet } from '../../../src/server/machines/production';
import { referenceComputeResults } from '../support/reference-formula';
import { catalogOf, shippedTemplateFiles } from '../support/templates';
import { NO_MARKET_OR_SITE } from '../../support/machine-set';

const fixture = (dir: string, name: string) => ({
  fileName: name,
  text: fs.readFileSync(path.resolve('tests/fixtures', dir, name), 'utf8'),
});

const TEMPLATES: Template[] = (() => {
  const files = [
    ...shippedTemplateFiles(),
    fixture('templates', 'sample.json'),
    fixture('templates-extra', 'display-board.json'),
    fixture('templates-machines', 'press-job.json'),
  ];
  const { templates, errors } = loadTemplates(files, catalogOf(DEMO_FACTORS_2024));
  if (errors.length) throw new Error(JSON.stringify(errors));
  return templates;
})();

function factorSetOf(database: DemoFactorDatabase, id: number) {
  return toFactorSet(
    { id, name: database.name, version_label: database.version } as FactorDatabaseRecord,
    database.factors.map((factor, index) => ({ ...factor, id: index + 1, database_id: id }) as FactorRecord),
  );
}
const FACTOR_SETS = [factorSetOf(DEMO_FACTORS_2024, 1), factorSetOf(DEMO_FACTORS_2025, 2)];

const machineSet = {
  id: 7,
  name: 'Shop',
  version_label: '2026',
  electricity_factor: 0.25,
  electricity_supplier: 'Stadtwerke',
  electricity_source: 'Contract 2026',
  electricity_year: 2026,
  electricity_region: 'DE',
  ...NO_MARKET_OR_SITE,
} as MachineSetRecord;
const PRODUCTION: ProductionSet = {
  data: toProductionData(machineSet, [
    {
      key: 'sm-102',
      kind: 'press',
      name: 'Speedmaster',
      figures: {
        power_kw: { value: 80, source: 'Meter 2025', year: 2025 },
        speed_sheets_per_hour: { value: 10000, source: 'Data sheet', year: 2024 },
        makeready_minutes: { value: 30, source: 'Own timing', year: 2025 },
        makeready_sheets: { value: 150, source: 'Own count', year: 2025 },
      },
    },
    // A machine with a figure missing: formulas that read it fail alike on both sides.
    { key: 'folder', kind: 'finishing', name: 'Folder', figures: { power_kw: { value: 5, source: 'x', year: null } } },
    {
      key: 'cutter',
      kind: 'finishing',
      name: 'Guillotine',
      figures: {
        power_kw: { value: 12, source: 'Meter 2025', year: 2025 },
        speed_sheets_per_hour: { value: 20000, source: 'Data sheet', year: 2024 },
        makeready_minutes: { value: 10, source: 'Own timing', year: 2025 },
      },
    },
  ]),
  keysByKind: { press: ['sm-102'], finishing: ['folder', 'cutter'] },
};

const junk = fc.oneof(
  fc.constant(null),
  fc.constant(''),
  fc.string({ maxLength: 6 }),
  fc.double(),
  fc.boolean(),
  fc.array(fc.string({ maxLength: 3 }), { maxLength: 2 }),
  fc.constant({}),
);

/** A value for a field: mostly one it accepts (including the awkward numbers), sometimes anything; `plausible`: one a form would send. */
function valueFor(field: Field, plausible: boolean): fc.Arbitrary<unknown> {
  const categoryKeys = FACTOR_SETS[0]!.keysByCategory[field.category ?? ''] ?? [];
  let valid: fc.Arbitrary<unknown>;
  switch (field.type) {
    case 'integer':
      valid = fc.oneof(fc.integer({ min: -5, max: 20_000 }), fc.constantFrom(0, 1, 1e9));
      break;
    case 'number':
      valid = fc.oneof(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.constantFrom(0, -0, 0.005, 1e300));
      break;
    case 'boolean':
      valid = fc.boolean();
      break;
    case 'select':
      valid = fc.constantFrom(...(field.options ?? []).map((option) => option.value), 'nope');
      break;
    case 'multiselect':
      valid = fc.subarray((field.options ?? []).map((option) => option.value));
      break;
    case 'tags':
      valid = fc.uniqueArray(fc.string({ minLength: 1, maxLength: 5 }), { maxLength: 3 });
      break;
    case 'factor':
      valid = fc.constantFrom(...categoryKeys, 'no_such_factor');
      break;
    case 'machine':
      valid = fc.constantFrom('sm-102', 'folder', 'cutter', 'gone');
      break;
    case 'date':
      valid = fc.constantFrom('2026-01-31', '2026-02-30');
      break;
    default:
      valid = fc.string({ maxLength: 12 });
  }
  if (plausible) return plausibleValue(field) ?? valid;
  return fc.oneof(
    { arbitrary: valid, weight: 8 },
    { arbitrary: fc.constant(undefined), weight: 2 },
    { arbitrary: junk, weight: 1 },
  );
}

/** Values a form would send: the default or its double, round numbers, known keys, a title. */
function plausibleValue(field: Field): fc.Arbitrary<unknown> | undefined {
  const byDefault = typeof field.default === 'number' ? [field.default, field.default * 2] : [1, 10, 100];
  switch (field.type) {
    case 'integer':
    case 'number':
      return fc.constantFrom(...byDefault);
    case 'select':
      return fc.constantFrom(...(field.options ?? []).map((option) => option.value));
    case 'factor':
      return fc.constantFrom(...(FACTOR_SETS[0]!.keysByCategory[field.category ?? ''] ?? ['none']));
    case 'machine':
      return fc.constantFrom(...(PRODUCTION.keysByKind[field.machineKind ?? ''] ?? ['none']));
    case 'text':
      return fc.constantFrom(undefined, 'Los 1');
    case 'boolean':
      return undefined;
    default:
      return fc.constant(field.default);
  }
}

function levelOf(fields: readonly Field[], plausible = false): fc.Arbitrary<Record<string, unknown>> {
  return fc.record(Object.fromEntries(fields.map((field) => [field.name, valueFor(field, plausible)])), {
    requiredKeys: [],
  });
}

/** Inputs a form would send: the defaults, some fields changed to values of their type. */
function plausibleInputsFor(template: Template): fc.Arbitrary<Record<string, unknown>> {
  const defaults = defaultInputs(template);
  const top = template.groups.filter((group) => !group.repeatable).flatMap((group) => group.fields);
  const groups = template.groups.filter((group) => group.repeatable);
  return fc
    .tuple(
      levelOf(top, true),
      ...groups.map((group) =>
        fc.array(levelOf(group.fields, true), { minLength: group.min ?? 0, maxLength: Math.max(group.min ?? 0, 2) }),
      ),
    )
    .map(([values, ...items]) => {
      const inputs: Record<string, unknown> = { ...defaults, ...values };
      groups.forEach((group, index) => {
        inputs[group.id] = (items[index] as Record<string, unknown>[]).map((item) => ({
          ...defaultItem(template, group.id),
          ...item,
        }));
      });
      return inputs;
    });
}

function inputsFor(template: Template): fc.Arbitrary<Record<string, unknown>> {
  const top = template.groups.filter((group) => !group.repeatable).flatMap((group) => group.fields);
  const groups = template.groups.filter((group) => group.repeatable);
  return fc
    .tuple(
      levelOf(top),
      ...groups.map((group) =>
        fc.oneof(
          { arbitrary: fc.array(levelOf(group.fields), { maxLength: 3 }), weight: 6 },
          { arbitrary: junk, weight: 1 },
        ),
      ),
    )
    .map(([values, ...items]) => {
      const inputs: Record<string, unknown> = { ...values };
      groups.forEach((group, index) => {
        if (items[index] !== undefined) inputs[group.id] = items[index];
      });
      return inputs;
    });
}

/** What a computation gives, comparable: its JSON, or its fault. */
function outcome(compute: () => unknown): unknown {
  try {
    const value = compute();
    return { ok: JSON.stringify(value), value };
  } catch (error) {
    if (!(error instanceof CalculationError)) throw error;
    const { code, message, result, field, factor, machine } = error;
    return { code, message, result, field, factor, machine };
  }
}

describe.each(TEMPLATES.map((template) => [`${template.id} v${template.version}`, template] as const))(
  'compiled formulas of %s',
  (_, template) => {
    // A template with machine fields is computed with the mandant's machine set, as the server does.
    const production = template.groups.some((group) => group.fields.some((field) => field.type === 'machine'))
      ? PRODUCTION
      : undefined;

    it('equal the reference interpreter on random inputs', () => {
      fc.assert(
        fc.property(
          inputsFor(template),
          fc.constantFrom(...FACTOR_SETS),
          fc.boolean(),
          (inputs, factors, withMachines) => {
            const data = withMachines ? production?.data : undefined;
            const compiled = outcome(() => computeResults(template, inputs, factors.lookup, data));
            const reference = outcome(() => referenceComputeResults(template, inputs, factors.lookup, data));
            expect(compiled).toEqual(reference);
          },
        ),
        { numRuns: 300 },
      );
    });

    it('give the client preview what the server stores', () => {
      let accepted = 0;
      let computedWithMachines = 0;
      fc.assert(
        fc.property(
          fc.oneof(plausibleInputsFor(template), inputsFor(template)),
          fc.constantFrom(...FACTOR_SETS),
          (inputs, factors) => {
            let server;
            try {
              // As the client sends them: hidden and emptied fields pruned; the preview computes from the form as it is.
              server = evaluateCalculation(template, pruneInputs(template, inputs), factors, production);
            } catch (error) {
              if (error instanceof Refusal) return;
              throw error;
            }
            accepted++;
            if (server.results.production?.length) computedWithMachines++;
            const preview = tryComputeResults(template, inputs, factors.lookup, production?.data);
            expect(preview.ok).toBe(true);
            if (!preview.ok) return;
            const { results, breakdown, factors: used, primary } = preview.value;
            expect(JSON.stringify(server.results.values)).toBe(JSON.stringify(results));
            expect(server.results.breakdown).toEqual(breakdown);
            expect(server.results.factors).toEqual(used);
            expect(server.total).toBe(primary);
            expect(server.results.production ?? []).toEqual(preview.value.production);
          },
        ),
        { numRuns: 200 },
      );
      // Random inputs must reach the computation, not only the validation.
      expect(accepted).toBeGreaterThan(0);
      // …and, where the template has machine fields, the machines' figures too.
      if (production) expect(computedWithMachines).toBeGreaterThan(0);
    });
  },
);
