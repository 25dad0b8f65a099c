/**
 * Issue 22 item 3: the CPU one row costs in the evaluation seam, without a database or HTTP. Brochure rows as the
 * import benchmark writes them, through
 * - the validation alone (`createInputsValidator`: the one validator, as the import asks it once a row),
 * - the formulas alone (`computeResults`: what a factor-database migration runs per calculation),
 * - the import path (`computeColumns`: validation, formulas, stored JSON — what every imported row costs),
 * - the factor-database migration path (formulas and the stored-results writer).
 * Median of BENCH_EVALUATE_RUNS runs (default 5) of BENCH_EVALUATE_ROWS rows (default 20,000) each, with load.
 */
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { CalculationResults, FactorDatabaseRecord, FactorRecord } from '../../src/core/api';
import { computeResults } from '../../src/core/formula';
import { createInputsValidator } from '../../src/core/rules';
import { defaultInputs, loadTemplates, pruneInputs, type CalculationInputs } from '../../src/core/template';
import { computeColumns } from '../../src/server/calculations/prepare';
import { DEMO_FACTORS_2025 } from '../../src/server/seed/factor-databases';
import { toFactorSet } from '../../src/server/factors/factor-set';
import { storedResultsWriter } from '../../src/core/formula';
import { readTemplateFiles } from '../../src/server/templates/registry';
import type { Benchmark } from './run';
import { formatSummary, summarize } from './stats';

const ROWS = Number(process.env.BENCH_EVALUATE_ROWS ?? 20_000);
const RUNS = Number(process.env.BENCH_EVALUATE_RUNS ?? 5);
const FORMATS = ['A4', 'A5', 'A6'];
const PAPERS = ['paper_virgin', 'paper_recycled'];

export function brochureBench() {
  const { files } = readTemplateFiles(path.resolve(import.meta.dirname, '../../schemas/templates'));
  const template = loadTemplates(files).templates.find((candidate) => candidate.id === 'brochure');
  if (!template) throw new Error('schemas/templates has no brochure template');
  const database = {
    id: 1,
    name: DEMO_FACTORS_2025.name,
    version_label: DEMO_FACTORS_2025.version,
  } as FactorDatabaseRecord;
  const factors = toFactorSet(
    database,
    DEMO_FACTORS_2025.factors.map((factor, index) => ({ ...factor, id: index + 1, database_id: 1 }) as FactorRecord),
  );
  const defaults = defaultInputs(template);
  const rows: CalculationInputs[] = Array.from({ length: ROWS }, (_, i) =>
    pruneInputs(template, {
      ...defaults,
      title: `Broschüre ${i}`,
      quantity: 1000 + (i % 9000),
      format: FORMATS[i % 3],
      pages: 4 * (1 + (i % 32)),
      paper: PAPERS[i % 2],
      grammage: 90 + (i % 60),
      spoilage_pct: (i % 200) / 10,
      tags: ['bench', `los-${i % 50}`],
    }),
  );
  return { template, factors, rows };
}

/** µs per row of `work` over all rows, RUNS times after one warm-up run. */
function microsPerRow(rows: readonly CalculationInputs[], work: (inputs: CalculationInputs) => unknown): number[] {
  const samples: number[] = [];
  for (let run = 0; run <= RUNS; run++) {
    const started = performance.now();
    for (const inputs of rows) work(inputs);
    const micros = ((performance.now() - started) * 1000) / rows.length;
    if (run > 0) samples.push(micros);
  }
  return samples;
}

export const evaluateBenchmark: Benchmark = {
  name: `Evaluation seam, µs per row (${ROWS.toLocaleString('en')} brochure rows, no database)`,
  async run(print) {
    const { template, factors, rows } = brochureBench();
    print(
      `  load average ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}`,
    );
    const validate = createInputsValidator(template, { factorKeys: factors.keysByCategory });
    const validation = microsPerRow(rows, (inputs) => validate(inputs));
    print(formatSummary('validation alone (createInputsValidator)', summarize(validation), 'µs/row'));
    const formulas = microsPerRow(rows, (inputs) => computeResults(template, inputs, factors.lookup));
    print(formatSummary('formulas alone (computeResults)', summarize(formulas), 'µs/row'));
    const imported = microsPerRow(rows, (inputs) => computeColumns(template, inputs, factors, 'de'));
    print(
      formatSummary('import row: validate + compute + stored JSON (computeColumns)', summarize(imported), 'µs/row'),
    );
    const write = storedResultsWriter();
    const database = {
      id: factors.database.id,
      name: factors.database.name,
      version_label: factors.database.version_label,
    };
    const migrated = microsPerRow(rows, (inputs) => {
      const computed = computeResults(template, inputs, factors.lookup);
      const results: CalculationResults = {
        values: computed.results,
        primary: computed.primaryName,
        breakdown: computed.breakdown,
        factors: computed.factors,
        database,
      };
      return write(results);
    });
    print(formatSummary('migration row: compute + stored-results writer', summarize(migrated), 'µs/row'));
    print(
      `  load average after ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}`,
    );
  },
};
