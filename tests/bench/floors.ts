/**
 * What a bench figure is set beside (issue #22): the machine's load, the database server's own CPU
 * time, and the floor — the raw load of the same computed rows into the same schema (PostgreSQL:
 * one COPY per table; SQLite: one prepared INSERT run per row), and into bare tables (no index,
 * no constraint, no trigger), measured in the same run.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { finished } from 'node:stream/promises';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import {
  CALCULATION_COPY_COLUMNS,
  copyTextOf,
  STATE_COPY_COLUMNS,
  TAG_COPY_COLUMNS,
  type BatchOwner,
  type ImportedRow,
} from '../../src/server/calculations/bulk-write';
import { formatCalculationNumber } from '../../src/server/calculations/number';
import { cpuSeconds } from './server-process';

export const loadAverage = () => `load ${os.loadavg()[0]!.toFixed(1)}`;

/** CPU seconds used so far by the PostgreSQL backends serving `url`'s database, by backend pid (same machine only). */
export async function backendCpu(url: string): Promise<Map<number, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    const cpu = new Map<number, number>();
    for (const { pid } of rows) {
      try {
        cpu.set(pid, cpuSeconds(pid));
      } catch {
        // not on this machine, or gone
      }
    }
    return cpu;
  } finally {
    await client.end();
  }
}

/** CPU seconds the backends used between two readings (a backend new in `after` counts from zero). */
export function backendCpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0;
  for (const [pid, seconds] of after) sum += seconds - (before.get(pid) ?? 0);
  return sum;
}

export interface FloorSeconds {
  sameSchema: number;
  bare: number;
}

const FLOOR_OWNER_NUMBER = 500_000;
const rowText = (owner: BatchOwner, rows: readonly ImportedRow[], firstId: number) => {
  const ids = rows.map((_, i) => firstId + i);
  const numbers = rows.map((_, i) => formatCalculationNumber(2000, FLOOR_OWNER_NUMBER + i));
  return copyTextOf({ owner, rows, numbers, stamp: new Date().toISOString() }, ids);
};

async function copyAll(client: pg.Client, statement: string, text: string): Promise<void> {
  const stream = client.query(copyFrom(statement));
  stream.end(text);
  await finished(stream);
}

/** PostgreSQL: COPY of the rows into calculations/calculation_state/calculation_tags, then into bare copies of the three. */
export async function postgresFloor(
  url: string,
  owner: BatchOwner,
  rows: readonly ImportedRow[],
): Promise<FloorSeconds> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const load = async (calculations: string, state: string, tags: string, firstId: number) => {
      const text = rowText(owner, rows, firstId);
      const started = performance.now();
      await client.query('begin');
      await copyAll(client, `copy ${calculations} (${CALCULATION_COPY_COLUMNS}) from stdin`, text.calculations);
      await copyAll(client, `copy ${state} (${STATE_COPY_COLUMNS}) from stdin`, text.state);
      await copyAll(client, `copy ${tags} (${TAG_COPY_COLUMNS}) from stdin`, text.tags);
      await client.query('commit');
      return (performance.now() - started) / 1000;
    };
    const sameSchema = await load('calculations', 'calculation_state', 'calculation_tags', 10_000_000);
    await client.query('create table bare_calculations (like calculations including defaults)');
    await client.query('create table bare_state (like calculation_state including defaults)');
    await client.query('create table bare_tags (like calculation_tags including defaults)');
    const bare = await load('bare_calculations', 'bare_state', 'bare_tags', 10_000_000);
    await client.query('drop table bare_calculations, bare_state, bare_tags');
    return { sameSchema, bare };
  } finally {
    await client.end();
  }
}

/** SQLite: one prepared INSERT per row into calculations/calculation_tags in one transaction, then into bare copies. */
export function sqliteFloor(file: string, owner: BatchOwner, rows: readonly ImportedRow[]): FloorSeconds {
  const sqlite = new SQLite(file);
  try {
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('cache_size = -65536');
    // The COPY text's fields, unescaped: the same values the import writes; parsed before the clock starts.
    const fields = (line: string) =>
      line.split('\t').map((f) => (f === '\\N' ? null : f.replace(/\\(.)/g, (_, c: string) => UNESCAPE[c] ?? c)));
    const text = rowText(owner, rows, 10_000_000);
    // Each COPY text's lines as the values SQLite takes, typed by column name.
    const valuesOf = (copyText: string, columnList: string) => {
      const names = columnList.split(',').map((name) => name.trim());
      return copyText
        .split('\n')
        .filter(Boolean)
        .map((line) =>
          fields(line).map((v, i) =>
            names[i] === 'frozen' ? (v === 'f' ? 0 : 1) : v !== null && NUMERIC_COLUMNS.has(names[i]!) ? Number(v) : v,
          ),
        );
    };
    const tables = [
      [CALCULATION_COPY_COLUMNS, valuesOf(text.calculations, CALCULATION_COPY_COLUMNS)],
      [STATE_COPY_COLUMNS, valuesOf(text.state, STATE_COPY_COLUMNS)],
      [TAG_COPY_COLUMNS, valuesOf(text.tags, TAG_COPY_COLUMNS)],
    ] as const;
    const load = (names: readonly string[]) => {
      const started = performance.now();
      const inserts = tables.map(([columns], i) =>
        sqlite.prepare(
          `insert into ${names[i]} (${columns}) values (${Array(columns.split(',').length).fill('?').join(',')})`,
        ),
      );
      sqlite.transaction(() => {
        tables.forEach(([, values], i) => {
          for (const row of values) inserts[i]!.run(row);
        });
      })();
      return (performance.now() - started) / 1000;
    };
    const sameSchema = load(['calculations', 'calculation_state', 'calculation_tags']);
    sqlite.exec('create table bare_calculations as select * from calculations where 0');
    sqlite.exec('create table bare_state as select * from calculation_state where 0');
    sqlite.exec('create table bare_tags as select * from calculation_tags where 0');
    const bare = load(['bare_calculations', 'bare_state', 'bare_tags']);
    sqlite.exec('drop table bare_calculations; drop table bare_state; drop table bare_tags');
    return { sameSchema, bare };
  } finally {
    sqlite.close();
  }
}

const UNESCAPE: Record<string, string> = { '\\': '\\', t: '\t', n: '\n', r: '\r' };
/** id, mandant_id, template_version, database_id, total_co2e, created_by, updated_by, import_id. */
const NUMERIC_COLUMNS = new Set([
  'id',
  'calculation_id',
  'mandant_id',
  'template_version',
  'database_id',
  'total_co2e',
  'machine_set_id',
  'created_by',
  'updated_by',
  'duplicated_from',
  'import_id',
]);

/** The SQLite file of a bench database's environment. */
export const sqliteFile = (env: Record<string, string>) => `${env.DATA_DIR}/kontor.db`;
