/**
 * How many times slower than on a machine of its own a test runs now: the runnable processes a core (the load average
 * over the last minute), at least 1 and at most 10. Waits that count wall-clock time (testing-library's `findBy…`, a
 * test's timeout) are multiplied by it, so that a render which takes 2 s of CPU still fits when other processes share
 * the cores: on a machine at load 28 (2 cores) a UI test that used 1.7 s of CPU waited its 20 s for a combobox in vain
 * (issue #38). The assertions stay the same; only a failing test takes longer to say so on a busy machine.
 */
import { availableParallelism, loadavg } from 'node:os';

export function slowdown(): number {
  const perCore = loadavg()[0]! / availableParallelism();
  return Math.min(10, Math.max(1, Math.round(perCore * 10) / 10));
}
