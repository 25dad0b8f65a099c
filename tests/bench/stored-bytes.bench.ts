/**
 * Issue 38, item 2: the bytes of a calculation's stored results JSON, as written now (references to a published
 * database) and in the form with copies the code wrote before (each factor's key, value, unit, year and region) —
 * for the demo data and for an imported brochure row (the import bench's rows). `npm run bench -- "stored bytes"`
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { toStoredResults } from '../../src/core/formula';
import { defaultInputs, loadTemplates, pruneInputs } from '../../src/core/template';
import { buildApp } from '../../src/server/app';
import { computeColumns } from '../../src/server/calculations/prepare';
import { loadConfig } from '../../src/server/config';
import { defaultDatabaseId, findDatabaseFor, loadFactorSet } from '../../src/server/factors/factor-set';
import { readTemplateFiles } from '../../src/server/templates/registry';
import type { Benchmark } from './run';

const stats = (sizes: number[]) => {
  const sorted = [...sizes].sort((a, b) => a - b);
  const mean = sizes.reduce((a, b) => a + b, 0) / sizes.length;
  return `n=${sizes.length} mean ${Math.round(mean)} B, median ${sorted[Math.floor(sorted.length / 2)]} B, min ${sorted[0]} B, max ${sorted.at(-1)} B`;
};

async function run(print: (line: string) => void): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kontor-bytes-'));
  const app = await buildApp({
    config: loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', SEED_DEMO: 'true', DEMO_PASSWORD: 'kontor-bytes' }),
  });
  try {
    const db = app.kontor.db;
    const factorRows = await db
      .selectFrom('factors')
      .select(['database_id', 'key', 'value', 'unit', 'year', 'region'])
      .execute();
    const copyOf = (databaseId: number, key: string) => {
      const row = factorRows.find((f) => Number(f.database_id) === databaseId && f.key === key)!;
      return {
        key,
        value: Number(row.value),
        unit: row.unit,
        year: row.year === null ? null : Number(row.year),
        region: row.region,
      };
    };
    const rows = await db.selectFrom('calculation_state').select('results').execute();
    const now: number[] = [];
    const before: number[] = [];
    for (const row of rows) {
      const text = typeof row.results === 'string' ? row.results : JSON.stringify(row.results);
      const stored = JSON.parse(text) as { factors: unknown[]; database: { id: number } };
      now.push(Buffer.byteLength(text));
      const copies = {
        ...stored,
        factors: stored.factors.map((f) => (typeof f === 'string' ? copyOf(stored.database.id, f) : f)),
      };
      before.push(Buffer.byteLength(JSON.stringify(copies)));
    }
    print(`  demo data, before (copies): ${stats(before)}`);
    print(`  demo data, now (references): ${stats(now)}`);

    const { files } = readTemplateFiles('schemas/templates');
    const template = loadTemplates(files)
      .templates.filter((t) => t.id === 'brochure')
      .sort((a, b) => b.version - a.version)[0]!;
    const mandant = await db.selectFrom('mandants').select('id').where('slug', '=', 'muster').executeTakeFirstOrThrow();
    const factors = await loadFactorSet(
      db,
      (await findDatabaseFor(db, mandant.id, (await defaultDatabaseId(db, mandant.id))!))!,
    );
    const importNow: number[] = [];
    const importBefore: number[] = [];
    for (let i = 0; i < 1000; i++) {
      const inputs = pruneInputs(template, {
        ...defaultInputs(template),
        title: `Broschüre ${i}`,
        quantity: 1000 + (i % 9000),
        format: ['A4', 'A5', 'A6'][i % 3],
        pages: 4 * (1 + (i % 32)),
        paper: ['paper_virgin', 'paper_recycled'][i % 2],
        grammage: 90 + (i % 60),
        spoilage_pct: (i % 200) / 10,
        tags: ['bench', `los-${i % 50}`],
      });
      const columns = computeColumns(template, inputs, factors, 'de');
      importNow.push(Buffer.byteLength(columns.results));
      importBefore.push(Buffer.byteLength(JSON.stringify(toStoredResults(columns.computed.results))));
    }
    print(
      `  imported brochure v${template.version} row (database ${factors.database.name} ${factors.database.version_label}, ${factors.database.status}), before: ${stats(importBefore)}`,
    );
    print(`  imported brochure row, now: ${stats(importNow)}`);
  } finally {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export const storedBytesBenchmark: Benchmark = {
  name: 'Stored bytes a row (results JSON: references to a published database vs copies)',
  run,
};
