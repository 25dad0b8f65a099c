/**
 * Issue #38 item 1: which index of calculations, calculation_state and calculation_tags each list and statistics
 * request uses on SQLite — the EXPLAIN QUERY PLAN of the very statements the app runs for it (captured from
 * better-sqlite3 with their parameters), with the rows it looks up by id (a join), and every index that no request uses. Kontor runs no ANALYZE, so SQLite
 * plans by its fixed heuristics and the seeded demo database shows the plans of a large one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { STATISTIC_NAMES } from '../../src/core/api';
import type { Benchmark } from './run';

const LISTS: [string, Record<string, string>][] = [
  ['newest first', { sort: '["created_at","DESC"]', filter: '{}' }],
  ['title', { sort: '["title","ASC"]', filter: '{}' }],
  ['last changed', { sort: '["updated_at","DESC"]', filter: '{}' }],
  ['total', { sort: '["total_co2e","DESC"]', filter: '{}' }],
  ['type product, newest first', { sort: '["created_at","DESC"]', filter: '{"template_type":"product"}' }],
  ['type product, total', { sort: '["total_co2e","DESC"]', filter: '{"template_type":"product"}' }],
  ['template brochure, newest first', { sort: '["created_at","DESC"]', filter: '{"template_id":"brochure"}' }],
  ['template brochure, total', { sort: '["total_co2e","ASC"]', filter: '{"template_id":"brochure"}' }],
  ['status draft, newest first', { sort: '["created_at","DESC"]', filter: '{"status":"draft"}' }],
  [
    'status final + template flyer, number',
    { sort: '["number","DESC"]', filter: '{"status":"final","template_id":"flyer"}' },
  ],
  ['tag messe, newest first', { sort: '["created_at","DESC"]', filter: '{"tags":"messe"}' }],
  ['q "korn 1", title', { sort: '["title","ASC"]', filter: '{"q":"korn 1"}' }],
];

type Statement = Record<'all' | 'get' | 'iterate' | 'run', (...args: unknown[]) => unknown> & { source: string };

export const indexPlansBenchmark: Benchmark = {
  name: 'Index plans: the index each list and statistics request uses (SQLite, EXPLAIN QUERY PLAN)',
  async run(print) {
    // Every statement run, with its parameters: patched on the prototype the app's statements share.
    const captured: [string, unknown[]][] = [];
    const probe = new SQLite(':memory:');
    const proto = Object.getPrototypeOf(probe.prepare('select 1')) as Statement;
    probe.close();
    const originals = (['all', 'get', 'iterate', 'run'] as const).map((method) => [method, proto[method]] as const);
    for (const [method, original] of originals)
      proto[method] = function (this: Statement, ...args: unknown[]) {
        captured.push([this.source, args]);
        return original.apply(this, args);
      };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kontor-plans-'));
    const app = await buildApp({
      config: loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', DEMO_PASSWORD: 'kontor-demo', STATIC_DIR: dir }),
    });
    const explain = new SQLite(path.join(dir, 'kontor.db'), { readonly: true });
    explain.function('lower', { deterministic: true }, (v: unknown) => (v == null ? null : String(v).toLowerCase()));
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'viewer@muster.example', password: 'kontor-demo' },
      });
      const token = (login.json() as { token: string }).token;
      const requests: [string, string][] = [
        ...LISTS.map(([name, query]): [string, string] => [
          `list: ${name}`,
          `/api/calculations?${new URLSearchParams({ ...query, range: '[0,24]' }).toString()}`,
        ]),
        ...STATISTIC_NAMES.map((name): [string, string] => [
          `statistic: ${name}`,
          `/api/statistics/${name}?from=2020-01-01&to=2030-12-31`,
        ]),
      ];
      const uses = new Map<string, string[]>();
      for (const [name, url] of requests) {
        captured.length = 0;
        const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
        const lines = new Set<string>();
        for (const [source, params] of captured) {
          if (!/^\s*select/i.test(source) || !/calculation/.test(source)) continue;
          const plan = explain.prepare(`explain query plan ${source}`).all(...params) as { detail: string }[];
          for (const { detail } of plan) {
            if (!/calculation/.test(detail)) continue;
            const index = /INDEX (\w+)/.exec(detail)?.[1];
            // A row looked up by its id (a join, the page's rows) shows as the table's INTEGER PRIMARY KEY.
            if (index) uses.set(index, [...new Set([...(uses.get(index) ?? []), name])]);
            else if (!/PRIMARY KEY/.test(detail)) continue;
            lines.add(detail);
          }
        }
        print(`  ${name}`);
        for (const line of lines) print(`      ${line}`);
      }
      const indexes = explain
        .prepare(
          `select name, tbl_name from sqlite_master where type = 'index'
            and tbl_name in ('calculations', 'calculation_state', 'calculation_tags') order by tbl_name, name`,
        )
        .all() as { name: string; tbl_name: string }[];
      print('  index → requests using it');
      for (const { name, tbl_name } of indexes)
        print(`    ${tbl_name}.${name}: ${uses.get(name)?.join('; ') ?? 'NO list or statistics request'}`);
    } finally {
      explain.close();
      await app.close();
      for (const [method, original] of originals) proto[method] = original;
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
