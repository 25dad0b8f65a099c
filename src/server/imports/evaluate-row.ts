/**
 * One CSV row → a calculation ready to insert, or its row errors. The inputs are built by the
 * core CSV mapping and then validated and computed by exactly the code the calculations API
 * uses (computeColumns → evaluateCalculation: the core's one input validator, core/rules/validate.ts, then the
 * formula engine).
 * Row errors are faults (message keys with params), validated once: each reader's language words them on read.
 */
import { databaseLabel } from '../../core/protocol/describe';
import { LANGUAGES, type Language, type LocalizedText } from '../../core/languages';
import {
  allowedOptions,
  columnOfPath,
  rowToInputs,
  type CellContext,
  type CsvMessageKey,
  type RowPlan,
} from '../../core/csv';
import type { Fault, FaultParam, FaultText } from '../../core/i18n/fault';
import type { Template } from '../../core/template';
import { computeColumns } from '../calculations/prepare';
import type { FactorSet } from '../factors/factor-set';
import type { ProductionSet } from '../machines/production';
import { Refusal } from '../refusals';
import type { ImportedRow } from '../calculations/bulk-write';

export interface RowError {
  /** 1-based data row (the header is row 0). */
  row: number;
  column: string | null;
  value: string | null;
  key: CsvMessageKey;
  /** What is wrong, as `csv.<key>` with its params: plain JSON, stored as it is and worded on read. */
  fault: Fault;
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

function csvFault(key: CsvMessageKey, params: Record<string, FaultParam>): Fault {
  return { key: `csv.${key}`, params };
}

/** A refused field's fault as a placeholder: a key with params nests, text already worded is a plain value. */
function nested(fault: FaultText): FaultParam {
  if (typeof fault === 'string') return { key: fault };
  return 'rendered' in fault ? fault.rendered : fault;
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
      errors: cellErrors.map((e) => {
        const options = e.options;
        const allowed: FaultParam = options
          ? {
              localized: Object.fromEntries(LANGUAGES.map((l) => [l, allowedOptions(options, l)])) as LocalizedText,
              fallback: '',
            }
          : '';
        return {
          row: rowNumber,
          column: e.column,
          value: e.value,
          key: e.key,
          fault: csvFault(e.key, {
            ...e.params,
            column: e.column,
            value: e.value,
            database: databaseName,
            machineSet,
            allowed,
          }),
        };
      }),
    };
  }
  try {
    const { computed, ...columns } = computeColumns(template, inputs, factors, lang, production);
    const tags = Array.isArray(computed.inputs.tags) ? (computed.inputs.tags as unknown[]).map(String) : [];
    return { ok: true, row: { columns, tags } };
  } catch (problem) {
    if (!(problem instanceof Refusal) || problem.kind !== 'invalid') throw problem;
    const faults = problem.faults && Object.keys(problem.faults).length > 0 ? problem.faults : { inputs: problem.text };
    return {
      ok: false,
      errors: Object.entries(faults).map(([path, fault]) => {
        const fieldPath = path.replace(/^inputs\.?/, '');
        const column = fieldPath === '' ? null : (columnOfPath(plan, fieldPath, sets) ?? null);
        const index = column === null ? -1 : (plan.columns.find((c) => c.header === column)?.index ?? -1);
        const key: CsvMessageKey = column === null ? 'row' : 'rule';
        return {
          row: rowNumber,
          column,
          value: index >= 0 ? (cells[index] ?? '') : null,
          key,
          fault:
            column === null
              ? csvFault('row', { message: nested(fault) })
              : csvFault('rule', { column, message: nested(fault) }),
        };
      }),
    };
  }
}
