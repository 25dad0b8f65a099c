/**
 * Everything the end-to-end suite serves, built side by side (issue #38): the app (dist/client), the storefront
 * (dist/storefront), the server bundle (dist/server) and the app on msw mocks (dist/mocks). One after the other, as
 * `npm run build && npm run build:server && npm run build:mocks`, the builds left a core idle most of the time: a
 * Vite build spends long stretches in Rollup's single thread (scripts/lanes.mjs runs them two at a time).
 * `npm test` runs these builds beside the typecheck and the linters instead (scripts/check.mjs).
 */
import { pathToFileURL } from 'node:url';
import { runInLanes } from './lanes.mjs';

// What only a release needs is left out of these builds (vite.config.ts).
const forEndToEnd = { KONTOR_E2E_BUILD: '1' };

/** @type {import('./lanes.mjs').Step[]} The two long ones first, so that they run beside each other. */
export const endToEndBuilds = [
  ['build client', 'npx', ['vite', 'build'], forEndToEnd],
  ['build mocks', 'npx', ['vite', 'build', '--mode', 'mocks'], forEndToEnd],
  ['build storefront', 'npx', ['vite', 'build', '-c', 'vite.storefront.config.ts'], forEndToEnd],
  ['build server', 'node', ['scripts/build-server.mjs']],
];

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (!(await runInLanes(endToEndBuilds))) process.exitCode = 1;
}
