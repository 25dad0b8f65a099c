/**
 * `npm run bench`: runs every benchmark module in turn and prints its figures.
 * Not part of the test suites. To add a benchmark: write `<topic>.bench.ts` exporting a
 * `Benchmark` and add it to BENCHMARKS. `npm run bench -- startup` runs only names containing "startup".
 */
import { performance } from 'node:perf_hooks';
import { startupBenchmark } from './startup.bench';
import { usersListBenchmark } from './users-list.bench';
import { calculationsListBenchmark } from './calculations-list.bench';
import { concurrencyBenchmark } from './concurrency.bench';
import { protocolListBenchmark } from './protocol-list.bench';
import { statisticsBenchmark } from './statistics.bench';
import { migrationBenchmark } from './migration.bench';
import { importBenchmark } from './import.bench';
import { formBenchmark } from './form.bench';
import { pageWeightBenchmark } from './page-weight.bench';
import { evaluateBenchmark } from './evaluate.bench';
import { storefrontBenchmark } from './storefront.bench';
import { indexPlansBenchmark } from './index-plans.bench';
import { storedBytesBenchmark } from './stored-bytes.bench';
import { scaleBenchmark } from './scale.bench';

export interface Benchmark {
  name: string;
  run(print: (line: string) => void): Promise<void>;
}

const BENCHMARKS: Benchmark[] = [
  startupBenchmark,
  evaluateBenchmark,
  usersListBenchmark,
  calculationsListBenchmark,
  concurrencyBenchmark,
  protocolListBenchmark,
  migrationBenchmark,
  statisticsBenchmark,
  importBenchmark,
  formBenchmark,
  pageWeightBenchmark,
  storefrontBenchmark,
  indexPlansBenchmark,
  storedBytesBenchmark,
];

/**
 * Run only when named by the word before the colon of their name (`npm run bench -- scale`), never by a part of it:
 * the scale run builds a data set of ~29 GB.
 */
const ON_REQUEST: Benchmark[] = [scaleBenchmark];

async function main(): Promise<void> {
  const only = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const named = (b: Benchmark) => only.some((o) => b.name.toLowerCase().includes(o.toLowerCase()));
  const selected = [
    ...BENCHMARKS.filter((b) => only.length === 0 || named(b)),
    ...ON_REQUEST.filter((b) => only.some((o) => b.name.split(':')[0]!.toLowerCase() === o.toLowerCase())),
  ];
  console.log(`Kontor benchmarks — node ${process.version}, ${new Date().toISOString()}`);
  let failed = false;
  for (const bench of selected) {
    console.log(`\n${bench.name}`);
    const started = performance.now();
    try {
      await bench.run((line) => console.log(line));
    } catch (err) {
      failed = true;
      console.error(`  FAILED: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    }
    console.log(`  (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }
  process.exit(failed ? 1 : 0);
}

void main();
