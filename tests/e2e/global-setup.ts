/**
 * Once per e2e run: a data directory with the demo data, seeded by the built server itself (issue #38). Every test
 * file's server starts on a copy of it instead of seeding its own: the same rows, as the seed writes the same data into
 * every fresh database, without seeding the demo factors and calculations once per file. A file that starts its server
 * with settings of its own (other templates) still seeds afresh (tests/e2e/harness.ts).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer } from './harness';
import { SERVER_BUNDLE } from '../support/server-command';

declare module 'vitest' {
  export interface ProvidedContext {
    seededDataDir: string;
  }
}

export default async function setup(project: TestProject) {
  // Unbuilt, each file says so itself (or is skipped without Chromium).
  if (!existsSync(path.resolve(import.meta.dirname, '../..', SERVER_BUNDLE))) return;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kontor-e2e-seeded-'));
  const server = await startServer({}, { dataDir });
  await server.shutDown();
  project.provide('seededDataDir', dataDir);
  return () => rmSync(dataDir, { recursive: true, force: true });
}
