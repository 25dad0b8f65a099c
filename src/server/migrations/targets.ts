/**
 * What a migration does to one calculation: its state after (stored results, total and — for a
 * template migration — the carried-over inputs), or why it is left out. Nothing is written here.
 *
 * - `database`: the same inputs and template version, recomputed with the target factor database.
 *   Both this kind and `template` compute with the machine set a save would use: the one the calculation read,
 *   else the mandant's current set.
 *   The stored inputs were validated when saved and do not change, so only the formulas run
 *   (validating again could only repeat the save's answer, at 100,000 calculations); a factor key the target lacks fails the
 *   formula and excludes the calculation, and so does a factor field whose key the target files under another
 *   category (the field would refuse it on the next save).
 * - `template`: the inputs carried over to the target template version and validated by it like
 *   a save would, then computed with the calculation's own factor database.
 * - `machine_set`: the same inputs, template version and factor database, validated and computed
 *   with the target machine set like a save would (a machine the set lacks excludes the calculation).
 * A reason is written in the language of the one who previews, with the calculation API's own
 * messages (`frozen` alone is a code, translated by the client).
 */
import type { Kysely } from 'kysely';
import { CalculationError, calculationResults, computeResults, storedResultsWriter } from '../../core/formula';
import { localize } from '../../core/rules';
import type { Language } from '../../core/languages';
import { fieldTypeOf } from '../../core/field-types';
import { getCompiledTemplate, type CalculationInputs, type Template } from '../../core/template';
import { evaluateCalculation } from '../calculations/evaluate';
import { calculationFailure, calculationMessage } from '../calculations/messages';
import type { DatabaseSchema, DbJson } from '../db/schema';
import { parseJson } from '../db/values';
import { findDatabaseFor, immutableFactorSet, loadFactorSet, type FactorSet } from '../factors/factor-set';
import { wordFault, wordFaults } from '../../core/i18n/fault';
import { Refusal } from '../refusals';
import { currentMachineSetId, loadProductionSet, type ProductionSet } from '../machines/production';
import type { TemplateRegistry } from '../templates/registry';
import { carryInputs } from './carry-over';
import { databaseLabel } from '../../core/protocol/describe';

/** The columns of a calculation a migration reads. */
export interface SourceRow {
  id: number;
  template_id: string;
  template_version: number;
  database_id: number;
  /** The machine set the calculation's results read: a migration keeps it. */
  machine_set_id: number | null;
  title: string;
  tags: DbJson;
  inputs: DbJson;
}

/**
 * The machine set each calculation of a page is computed with, as a save computes it (calculations/resource.ts): the
 * set it read, else the mandant's current set (issue 33: a site footprint recorded since reaches a calculation that
 * read no set, on a migration as on a re-save). Each set is loaded once.
 */
function productionSets(db: Kysely<DatabaseSchema>, mandantId: number) {
  const sets = new Map<number, ProductionSet | undefined>();
  let current: number | null | undefined;
  const idOf = (row: SourceRow): number | null =>
    row.machine_set_id === null ? (current ?? null) : Number(row.machine_set_id);
  return {
    async prepare(rows: readonly SourceRow[]): Promise<void> {
      if (current === undefined) current = (await currentMachineSetId(db, mandantId)) ?? null;
      for (const row of rows) {
        const id = idOf(row);
        if (id !== null && !sets.has(id)) sets.set(id, await loadProductionSet(db, mandantId, id));
      }
    },
    of: (row: SourceRow): ProductionSet | undefined => {
      const id = idOf(row);
      return id === null ? undefined : sets.get(id);
    },
  };
}

/** The factor databases of a page's calculations, loaded once each (kinds that keep each calculation's database). */
function ownFactorSets(db: Kysely<DatabaseSchema>, mandantId: number) {
  const sets = new Map<number, FactorSet | null>();
  return {
    async prepare(rows: readonly SourceRow[]): Promise<void> {
      for (const row of rows) {
        if (sets.has(row.database_id)) continue;
        const database = await findDatabaseFor(db, mandantId, row.database_id);
        sets.set(row.database_id, database ? await loadFactorSet(db, database) : null);
      }
    },
    of: (row: SourceRow): FactorSet | null | undefined => sets.get(row.database_id),
  };
}

/**
 * `results`: the stored results as JSON text; `inputs`: the inputs after (template migrations), JSON text;
 * `machineSetId`: the machine set the results read (null: none).
 */
export type Outcome =
  { total: number; results: string; inputs: string | null; machineSetId: number | null } | { reason: string };

export interface MigrationTarget {
  /** Loads what the rows of one page need (factor databases) before `outcome` runs on them. */
  prepare(rows: readonly SourceRow[]): Promise<void>;
  outcome(row: SourceRow): Outcome;
}

type CompiledFields = ReturnType<typeof getCompiledTemplate>['fields'];
type FactorField = CompiledFields[number]['field'] & { category: string };

/** A template's factor fields that name a category: top level, then each repeatable group's (by group id). */
interface CategorisedFields {
  top: FactorField[];
  groups: { id: string; fields: FactorField[] }[];
}

const categorisedFieldsOf = new WeakMap<Template, CategorisedFields>();
const keySetsOf = new WeakMap<FactorSet, Map<string, Set<string>>>();

/** Looked up once per template, not per calculation: most templates' rows have one or two such fields. */
function categorisedFields(template: Template): CategorisedFields {
  let found = categorisedFieldsOf.get(template);
  if (!found) {
    const compiled = getCompiledTemplate(template);
    const pick = (fields: CompiledFields) =>
      fields
        .map(({ field }) => field)
        .filter(
          (field): field is FactorField =>
            fieldTypeOf(field.type).choices === 'factors' && field.category !== undefined,
        );
    found = {
      top: pick(compiled.fields),
      groups: compiled.repeatables
        .map(({ group, fields }) => ({ id: group.id, fields: pick(fields) }))
        .filter(({ fields }) => fields.length > 0),
    };
    categorisedFieldsOf.set(template, found);
  }
  return found;
}

/** Whether `factors` files `key` under `category` (a set per category, built once per factor set). */
function filedUnder(factors: FactorSet, category: string, key: string): boolean {
  let sets = keySetsOf.get(factors);
  if (!sets) keySetsOf.set(factors, (sets = new Map()));
  let keys = sets.get(category);
  if (!keys) sets.set(category, (keys = new Set(factors.keysByCategory[category] ?? [])));
  return keys.has(key);
}

/**
 * The first factor field whose stored key the target database no longer files under the field's category (a category
 * renamed in a new version): the formula would still find the factor by key, but the calculation could not be
 * opened and saved again, so a migration must not carry it over as if nothing changed.
 */
function factorOutsideCategory(
  template: Template,
  inputs: CalculationInputs,
  factors: FactorSet,
  lang: Language,
): string | undefined {
  const { top, groups } = categorisedFields(template);
  const levels: { fields: FactorField[]; values: unknown[] }[] = [{ fields: top, values: [inputs] }];
  for (const { id, fields } of groups) {
    const items = inputs[id];
    levels.push({ fields, values: Array.isArray(items) ? items : [] });
  }
  for (const { fields, values } of levels) {
    for (const field of fields) {
      for (const value of values) {
        const key = (value as Record<string, unknown> | null)?.[field.name];
        if (typeof key !== 'string' || filedUnder(factors, field.category, key)) continue;
        const { name, version_label } = factors.database;
        return wordFault(
          calculationMessage('factorOutsideCategory', {
            field: localize(field.label, lang, field.name),
            factor: key,
            category: field.category,
            database: databaseLabel(name, version_label),
          }),
          lang,
        );
      }
    }
  }
  return undefined;
}

/** Recomputes with `factors`; results have evaluateCalculation's shape. */
export function databaseTarget(
  db: Kysely<DatabaseSchema>,
  templates: TemplateRegistry,
  mandantId: number,
  factors: FactorSet,
  lang: Language,
): MigrationTarget {
  const stored = storedResultsWriter();
  const { id, name, version_label } = factors.database;
  const database = { id, name, version_label };
  const production = productionSets(db, mandantId);
  return {
    prepare: (rows) => production.prepare(rows),
    outcome(row) {
      const template = templates.resolve(row.template_id, row.template_version);
      if (!template) return { reason: wordFault(calculationMessage('templateVersionGone'), lang) };
      const machines = production.of(row);
      const inputs = parseJson<CalculationInputs>(row.inputs, {});
      const outside = factorOutsideCategory(template, inputs, factors, lang);
      if (outside !== undefined) return { reason: outside };
      try {
        const computed = computeResults(template, inputs, factors.lookup, machines?.data);
        const results = calculationResults(computed, database, machines?.data.set);
        return {
          total: computed.primary,
          results: stored(results, immutableFactorSet(factors)),
          inputs: null,
          machineSetId: results.machine_set?.id ?? null,
        };
      } catch (problem) {
        if (problem instanceof CalculationError)
          return { reason: wordFault(calculationFailure(problem, factors.database, machines?.data.set), lang) };
        throw problem;
      }
    },
  };
}

/** `Ungültige Eingaben – Grammatur: …; Format: …`: each faulty field by its label in the target version. */
function invalidReason(problem: Refusal, to: Template, lang: Language): string {
  const labels = new Map(
    getCompiledTemplate(to).fields.map(({ field }) => [
      `inputs.${field.name}`,
      localize(field.label, lang, field.name),
    ]),
  );
  const details = Object.entries(wordFaults(problem.faults ?? {}, lang)).map(
    ([path, message]) => `${labels.get(path) ?? path}: ${message}`,
  );
  return wordFault(
    calculationMessage('inputsRejected', {
      reason: details.length > 0 ? details.join('; ') : wordFault(problem.text, lang),
    }),
    lang,
  );
}

/** How a target evaluates one calculation: the template version that checks its inputs, and the evaluation. */
type Evaluating = { template: Template; run(): ReturnType<typeof evaluateCalculation> };

/**
 * What the template and machine-set targets share: each calculation evaluated anew with its own factor database (one it
 * may no longer use leaves it out), its results stored, or why the template refuses its inputs.
 */
function withOwnDatabase(db: Kysely<DatabaseSchema>, mandantId: number, lang: Language) {
  const factorSets = ownFactorSets(db, mandantId);
  const stored = storedResultsWriter();
  return {
    prepare: (rows: readonly SourceRow[]) => factorSets.prepare(rows),
    /** `evaluating` with the row's factors; `carried`: the inputs are new (a template migration) and stored too. */
    outcome(
      row: SourceRow,
      carried: boolean,
      evaluating: (factors: FactorSet) => Evaluating | { reason: string },
    ): Outcome {
      const factors = factorSets.of(row);
      if (!factors) return { reason: wordFault(calculationMessage('databaseUnusable'), lang) };
      const next = evaluating(factors);
      if ('reason' in next) return next;
      try {
        const evaluation = next.run();
        return {
          total: evaluation.total,
          results: stored(evaluation.results, immutableFactorSet(factors)),
          inputs: carried ? JSON.stringify(evaluation.inputs) : null,
          machineSetId: evaluation.results.machine_set?.id ?? null,
        };
      } catch (problem) {
        if (problem instanceof Refusal) return { reason: invalidReason(problem, next.template, lang) };
        throw problem;
      }
    },
  };
}

/** Carries inputs over to `to` and evaluates them with each calculation's own factor database. */
export function templateTarget(
  db: Kysely<DatabaseSchema>,
  templates: TemplateRegistry,
  mandantId: number,
  to: Template,
  lang: Language,
): MigrationTarget {
  const own = withOwnDatabase(db, mandantId, lang);
  const production = productionSets(db, mandantId);
  return {
    async prepare(rows) {
      await production.prepare(rows);
      await own.prepare(rows);
    },
    outcome: (row) =>
      own.outcome(row, true, (factors) => {
        const from = templates.resolve(row.template_id, row.template_version);
        const inputs = carryInputs(from, to, parseJson<CalculationInputs>(row.inputs, {}), {
          title: row.title,
          tags: parseJson<string[]>(row.tags, []),
        });
        return { template: to, run: () => evaluateCalculation(to, inputs, factors, production.of(row)) };
      }),
  };
}

/** Evaluates each calculation's own inputs, template version and factor database with the machine set `to`. */
export function machineSetTarget(
  db: Kysely<DatabaseSchema>,
  templates: TemplateRegistry,
  mandantId: number,
  to: ProductionSet,
  lang: Language,
): MigrationTarget {
  const own = withOwnDatabase(db, mandantId, lang);
  return {
    prepare: (rows) => own.prepare(rows),
    outcome: (row) =>
      own.outcome(row, false, (factors) => {
        const template = templates.resolve(row.template_id, row.template_version);
        if (!template) return { reason: wordFault(calculationMessage('templateVersionGone'), lang) };
        return {
          template,
          run: () => evaluateCalculation(template, parseJson<CalculationInputs>(row.inputs, {}), factors, to),
        };
      }),
  };
}
