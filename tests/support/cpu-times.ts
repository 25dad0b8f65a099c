/**
 * KONTOR_TEST_CPU=<file>: every test's CPU time (its worker's user + system, in ms) appended to <file> as
 * `test<TAB>ms<TAB>file<TAB>name`, and each file's as `file<TAB>ms<TAB>worker ms<TAB>file`: from its setup on (its tests'
 * imports included), and the worker's since it started (with its environment and setup; across files where the
 * project does not isolate them). On a machine shared with other work the wall times a reporter prints grow with the load;
 * CPU times compare tests and changes across loads (issue #38). Off unless the variable is set.
 */
import { appendFileSync } from 'node:fs';
import { afterAll, afterEach, beforeEach, expect } from 'vitest';

const target = process.env.KONTOR_TEST_CPU;
if (target) {
  const ms = (usage: NodeJS.CpuUsage) => Math.round((usage.user + usage.system) / 1000);
  const fileStart = process.cpuUsage();
  let start = fileStart;
  beforeEach(() => {
    start = process.cpuUsage();
  });
  afterEach(() => {
    const { testPath, currentTestName } = expect.getState();
    const file = (testPath ?? '').replace(/.*\/tests\//, 'tests/');
    appendFileSync(target, `test\t${ms(process.cpuUsage(start))}\t${file}\t${currentTestName ?? ''}\n`);
  });
  afterAll(() => {
    const file = (expect.getState().testPath ?? '').replace(/.*\/tests\//, 'tests/');
    appendFileSync(target, `file\t${ms(process.cpuUsage(fileStart))}\t${ms(process.cpuUsage())}\t${file}\n`);
  });
}
