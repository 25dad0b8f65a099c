/**
 * One CSV row → a calculation ready to insert, or its row errors. The inputs are built by the
 * core CSV mapping and then validated and computed by exactly the code the calculations API
 * uses (computeColumns → evaluateCalculation: Ajv schema, core rules, formula engine).
 * Row errors carry their message in all five languages, so each reader sees their own.
 */
import { databaseLabel } from '../../core/protocol/describe';
import { LANGUAGES, type Language, type LocalizedText } from '../../core/languages';
import {
  allowedOptions,
  columnOfPath,
  renderCsvMessage,
  rowToInputs,
  type CellContext,
  type CsvMessageKey,
  type RowPlan,
} from '../../core/csv';
// Row errors are worded in every language at once, wherever this runs (the request or the evaluation worker).
import '../../core/i18n/all-locales';
import type { Template } from '../../core/template';
import { computeColumns } from '../calculations/prepare';
import type { FactorSet } from '../factors/factor-set';
import type { ProductionSet } from '../machines/production';
import { HttpError } from '../http/errors';
import type { ImportedRow } from './write';

export interface RowError {
  /** 1-based data row (the header is row 0). */
  row: number;
  column: string | null;
  value: string | null;
  key: CsvMessageKey;
  messages: LocalizedText;
}

export type RowOutcome = { ok: true; row: ImportedRow } | { ok: false; errors: RowError[] };

export interface RowEvaluator {
  template: Template;
  plan: RowPlan;
  factors: FactorSet;
  production: ProductionSet | undefined;
  context: CellContext;
  lang: Language;
}

function localized(render: (lang: Language) => string): LocalizedText {
  return Object.fromEntries(LANGUAGES.map((lang) => [lang, render(lang)])) as LocalizedText;
}

/** Field errors of a rejected row in one language (`inputs.quantity` → message). */
function fieldErrors(evaluator: RowEvaluator, inputs: unknown, lang: Language): Record<string, string> {
  try {
    computeColumns(evaluator.template, inputs, evaluator.factors, lang, evaluator.production);
    return {};
  } catch (problem) {
    if (problem instanceof HttpError) return wordedErrors(problem, lang);
    throw problem;
  }
}

/**
 * A refusal's field errors as sentences in `lang`. The error holds them as message objects (a key with parameters, or
 * text already worded): only the answer body renders them, never their string form ("[object Object]").
 */
function wordedErrors(problem: HttpError, lang: Language): Record<string, string> {
  const body = problem.body(lang);
  return body.errors && Object.keys(body.errors).length > 0 ? body.errors : { inputs: body.message };
}

export function evaluateRow(evaluator: RowEvaluator, rowNumber: number, cells: readonly string[]): RowOutcome {
  const { template, plan, factors, production, context, lang } = evaluator;
  const { inputs, errors: cellErrors, sets } = rowToInputs(template, plan, cells, context);
  if (cellErrors.length > 0) {
    // A factor the chosen database lacks is named with that database, as saving a calculation does; a machine, with the set.
    const databaseName = databaseLabel(factors.database.name, factors.database.version_label);
    const set = production?.data.set;
    const machineSet = set ? databaseLabel(set.name, set.version_label) : '—';
    return {
      ok: false,
      errors: cellErrors.map((e) => ({
        row: rowNumber,
        column: e.column,
        value: e.value,
        key: e.key,
        messages: localized((l) =>
          renderCsvMessage(e.key, l, {
            ...e.params,
            column: e.column,
            value: e.value,
            database: databaseName,
            machineSet,
            allowed: e.options ? allowedOptions(e.options, l) : '',
          }),
        ),
      })),
    };
  }
  try {
    const { computed, ...columns } = computeColumns(template, inputs, factors, lang, production);
    const tags = Array.isArray(computed.inputs.tags) ? (computed.inputs.tags as unknown[]).map(String) : [];
    return { ok: true, row: { columns, tags } };
  } catch (problem) {
    if (!(problem instanceof HttpError) || problem.statusCode !== 400) throw problem;
    // Rejected rows are rare: word their errors once per language.
    const perLanguage = Object.fromEntries(
      LANGUAGES.map((l) => [l, l === lang ? wordedErrors(problem, l) : fieldErrors(evaluator, inputs, l)]),
    ) as Record<Language, Record<string, string>>;
    return {
      ok: false,
      errors: Object.keys(perLanguage[lang]).map((path) => {
        const fieldPath = path.replace(/^inputs\.?/, '');
        const column = fieldPath === '' ? null : (columnOfPath(plan, fieldPath, sets) ?? null);
        const index = column === null ? -1 : (plan.columns.find((c) => c.header === column)?.index ?? -1);
        const key: CsvMessageKey = column === null ? 'row' : 'rule';
        return {
          row: rowNumber,
          column,
          value: index >= 0 ? (cells[index] ?? '') : null,
          key,
          messages: localized((l) => {
            const message = perLanguage[l][path] ?? perLanguage[lang][path] ?? '';
            return column === null
              ? renderCsvMessage('row', l, { message })
              : renderCsvMessage('rule', l, { column, message });
          }),
        };
      }),
    };
  }
}
