/**
 * What the mocks are made of, taken from the real server so that they cannot drift from it (issue #36):
 * - `openApiDocument()`: the OpenAPI document the server serves, which every mocked answer is checked against;
 * - `recordDemo()`: the demo data as the server answers it, recorded once through its own routes from an app built on
 *   an in-memory SQLite database seeded by the server's demo seed. The mock store (src/mocks/store.ts) starts from it.
 * Both need no running server and no database file. Run directly, it prints the recording as JSON.
 */
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { STATISTIC_NAMES } from '../src/core/api';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { DEMO_ACCOUNTS } from '../src/server/seed/seed';
import type { MockRecording, RecordedAccount } from '../src/mocks/recording';

type OpenApi = MockRecording['openapi'];

async function withApp<T>(seed: boolean, withIt: (app: FastifyInstance, password: string) => Promise<T>): Promise<T> {
  // No mail leaves a recording (no SMTP_URL); the database lives in memory only.
  const config = loadConfig({ DATABASE_URL: ':memory:', SEED_DEMO: String(seed), LOG_LEVEL: 'silent' });
  const app = await buildApp({ config });
  try {
    await app.ready();
    return await withIt(app, config.demoPassword);
  } finally {
    await app.close();
  }
}

export function openApiDocument(): Promise<OpenApi> {
  return withApp(false, async (app) => app.swagger() as unknown as OpenApi);
}

/** REST resources: a list path whose `/{id}` sibling answers one record. */
function restResources(openapi: OpenApi): string[] {
  const paths = Object.keys(openapi.paths);
  return paths
    .filter((p) => /^\/api\/[a-z-]+$/.test(p) && openapi.paths[p]?.get && openapi.paths[`${p}/{id}`]?.get)
    .map((p) => p.slice('/api/'.length));
}

/** The JSON GET routes with no path parameter other than one resource id (`/api/<resource>/{id}/<more>`). */
function recordableGets(openapi: OpenApi, resources: string[]): string[] {
  return Object.entries(openapi.paths)
    .filter(([p, ops]) => p.startsWith('/api/') && ops.get && /application\/json/.test(JSON.stringify(ops.get)))
    .map(([p]) => p)
    .filter((p) => !resources.some((r) => p === `/api/${r}` || p === `/api/${r}/{id}`))
    .filter((p) => !['/api/health'].includes(p));
}

export async function recordDemo(): Promise<MockRecording> {
  return withApp(true, async (app, password) => {
    const openapi = app.swagger() as unknown as OpenApi;
    const resources = restResources(openapi);
    const gets = recordableGets(openapi, resources);
    const records: MockRecording['records'] = {};
    const accounts: RecordedAccount[] = [];
    const year = new Date().getUTCFullYear();
    for (const account of DEMO_ACCOUNTS) {
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: account.email, password },
      });
      if (login.statusCode !== 200) throw new Error(`demo sign-in ${account.email}: ${login.statusCode} ${login.body}`);
      const session = login.json() as RecordedAccount['session'];
      const headers = { authorization: `Bearer ${session.token}` };
      const answers: Record<string, unknown> = {};
      const get = async (url: string) => {
        const res = await app.inject({ method: 'GET', url, headers });
        return res.statusCode === 200 && /json/.test(String(res.headers['content-type'])) ? res.json() : undefined;
      };
      for (const resource of resources) {
        const list = (await get(`/api/${resource}?range=[0,999]`)) as { id: string | number }[] | undefined;
        if (!Array.isArray(list)) continue;
        const table = (records[resource] ??= {});
        for (const row of list) {
          // The record as one GET answers it (a list row may leave out what only the detail shows).
          table[String(row.id)] ??= ((await get(`/api/${resource}/${encodeURIComponent(row.id)}`)) ?? row) as never;
        }
      }
      for (const route of gets) {
        const owner = /^\/api\/([a-z-]+)\/\{id\}\//.exec(route)?.[1];
        if (route === '/api/statistics/{name}') {
          for (const name of STATISTIC_NAMES) {
            const url = `/api/statistics/${name}?from=${year}-01-01&to=${year}-12-31&lang=${account.language}`;
            const answer = await get(url);
            if (answer !== undefined) answers[`/api/statistics/${name}`] = answer;
          }
        } else if (owner) {
          for (const id of Object.keys(records[owner] ?? {})) {
            const url = route.replace('{id}', encodeURIComponent(id));
            if (url.includes('{')) continue;
            const answer = await get(url);
            if (answer !== undefined) answers[url] = answer;
          }
        } else if (!route.includes('{')) {
          const answer = await get(route);
          if (answer !== undefined) answers[route] = answer;
        }
      }
      accounts.push({ email: account.email, session, answers });
    }
    return { openapi, password, records, accounts };
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.stdout.write(JSON.stringify(process.argv[2] === 'openapi' ? await openApiDocument() : await recordDemo()));
}
