/**
 * The first part of `npm test`: the typecheck, the linters (`npm run lint`) and the builds the end-to-end suite serves
 * (scripts/build-e2e.mjs), two at a time (scripts/lanes.mjs). Each of them runs mostly in one thread: one after the
 * other they kept one of two cores busy for ~6 minutes of CPU (tsc 104 s, a Vite build of the app 81 s, Prettier 45 s,
 * ESLint 37 s …; issue #38, docs/performance.md). Two at a time, the longest first, they take about half of that.
 */
import { endToEndBuilds } from './build-e2e.mjs';
import { runInLanes } from './lanes.mjs';

const npmScript = (script) => [script, 'npm', ['run', '--silent', script]];

const [client, mocks, ...smallBuilds] = endToEndBuilds;
const passed = await runInLanes([
  npmScript('typecheck'),
  client,
  mocks,
  npmScript('lint:format'),
  npmScript('lint:eslint'),
  npmScript('lint:deps'),
  npmScript('lint:knip'),
  ...smallBuilds,
]);
if (!passed) process.exitCode = 1;
