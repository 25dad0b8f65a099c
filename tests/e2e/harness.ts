/**
 * End-to-end harness: the built SPA and the real server (a separate Node process, as `npm start` runs it) on a fresh
 * SQLite database with demo data, driven by Debian's Chromium through playwright-core.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import type { LoginResponse } from '../../src/core/api';
import { SESSION_STORAGE_KEY } from '../../src/client/providers/session';
import { slowdown } from '../support/load';
import { SERVER_BUNDLE, serverNodeArgs } from '../support/server-command';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const SCREENSHOT_DIR = path.join(ROOT, 'tests/e2e/screenshots');
export const DEMO_PASSWORD = 'kontor-demo';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function chromiumPath(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((p): p is string => !!p && existsSync(p));
}

/** Without Chromium the suite is skipped locally but fails in CI, where a missing browser is a broken setup. */
export function browserAvailable(): boolean {
  if (chromiumPath()) return true;
  if (process.env.CI === 'true') throw new Error('Chromium is required in CI (apt-get install -y chromium)');
  console.warn('[e2e] Chromium not found: skipping end-to-end tests');
  return false;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  output: () => string;
  /** Stops the server and deletes its data directory. */
  stop: () => Promise<void>;
  /** Stops the server as SIGTERM does (it closes its database); its data directory stays. */
  shutDown: () => Promise<void>;
  /** Kills the server as `kill -9` does; its data directory stays (for a restart on it). */
  kill: () => Promise<void>;
}

/**
 * Starts the built server; on a fresh data directory with the demo data unless `reuse` names one left by `kill()`.
 * The fresh directory is a copy of the one the run seeded once (tests/e2e/global-setup.ts) when the server runs with
 * the default settings: seeding anew in each file cost a fifth of the suite (issue #38). With settings of its own
 * (`extraEnv`), or without the run's copy (a file run under another config), the server seeds it itself.
 */
export async function startServer(
  extraEnv: Record<string, string> = {},
  reuse?: { dataDir: string },
): Promise<RunningServer> {
  if (!existsSync(path.join(ROOT, 'dist/client/index.html')) || !existsSync(path.join(ROOT, 'dist/server/main.cjs'))) {
    throw new Error('The app is not built: run `npm run build && npm run build:server` first (npm run test:e2e does).');
  }
  const port = await freePort();
  const dataDir = reuse?.dataDir ?? mkdtempSync(path.join(tmpdir(), 'kontor-e2e-'));
  mkdirSync(dataDir, { recursive: true });
  const seeded = reuse || Object.keys(extraEnv).length > 0 ? undefined : seededDataDir();
  if (seeded) cpSync(seeded, dataDir, { recursive: true });
  let output = '';
  // The server as `npm start` runs it: the bundle, not the sources.
  const child: ChildProcess = spawn(process.execPath, [...serverNodeArgs(), SERVER_BUNDLE], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const baseUrl = `http://127.0.0.1:${port}`;
  // Seeding the demo data takes 20–40 s on a shared, loaded machine (several suites at once): give it two minutes.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  async function shutDown() {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
  return {
    baseUrl,
    dataDir,
    output: () => output,
    stop: async () => {
      await shutDown();
      rmSync(dataDir, { recursive: true, force: true });
    },
    shutDown,
    kill: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** The run's seeded data directory (tests/e2e/global-setup.ts), if this run made one. */
function seededDataDir(): string | undefined {
  try {
    const dir = inject('seededDataDir');
    return dir && existsSync(dir) ? dir : undefined;
  } catch {
    return undefined; // outside a test worker (the global setup itself)
  }
}

/** playwright-core gives every launch a fresh, temporary user-data dir of its own. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}

export async function newPage(
  browser: Browser,
  options: { locale?: string; storageState?: BrowserContextOptions['storageState'] } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    locale: options.locale ?? 'de-DE',
    viewport: { width: 1280, height: 800 },
    storageState: options.storageState,
  });
  // Playwright's 30 s for an action or a navigation, grown with the load like the suites' own limits
  // (tests/support/load.ts): a busy machine makes a page slower, not wrong.
  context.setDefaultTimeout(30_000 * slowdown());
  const page = await context.newPage();
  page.on('pageerror', (err) => console.error('[browser pageerror]', err.message));
  return { context, page };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Confirms the open confirmation dialog (react-admin's Confirm) and waits until it has closed. */
export async function confirmDialog(page: Page, label = 'Bestätigen'): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: label }).click();
  await dialog.waitFor({ state: 'hidden' });
}

export async function login(page: Page, baseUrl: string, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.fill('input[name="email"]', email);
  await page.fill('input[name="password"]', password);
  await page.click('button[type="submit"]');
  await page.waitForSelector('[data-testid="user-menu"]');
}

/** A demo user's session as `POST /api/auth/login` answers it. */
async function apiSignIn(baseUrl: string, email: string, password = DEMO_PASSWORD): Promise<LoginResponse> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email}: HTTP ${res.status}`);
  return (await res.json()) as LoginResponse;
}

/** A demo user's API token, for test set-up that goes through the API rather than the screens. */
export async function apiToken(baseUrl: string, email: string, password = DEMO_PASSWORD): Promise<string> {
  return (await apiSignIn(baseUrl, email, password)).token;
}

/**
 * A page of a new context that is signed in as `email` already: the session an API sign-in answers, stored where the
 * app keeps it after its login form (src/client/providers/session.ts). The page is blank; its first `goto` opens the
 * app signed in, in the user's profile language as after the form. Typing into the login form and waiting for the
 * dashboard before every journey cost a full app start each time (issue #38); the form itself is tested where it is
 * the subject (shell, shell-behaviour, invitation, mock-mode).
 */
export async function signedInPage(
  browser: Browser,
  baseUrl: string,
  email: string,
  options: { locale?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const session = await apiSignIn(baseUrl, email);
  return newPage(browser, {
    ...options,
    storageState: {
      cookies: [],
      origins: [{ origin: baseUrl, localStorage: [{ name: SESSION_STORAGE_KEY, value: JSON.stringify(session) }] }],
    },
  });
}

/**
 * A journey's steps as tests of their own, in the order they are declared, on the state the earlier ones left (issue
 * #38: no test over 15 s, and a failure names its step). Once a step has failed the later ones are skipped: they would
 * only fail for the same reason. Call it at the top of the journey's `describe`.
 */
export function stepsInOrder(): void {
  let failed: string | undefined;
  beforeEach(({ onTestFailed, skip, task }) => {
    if (failed) skip(`an earlier step failed: ${failed}`);
    onTestFailed(() => {
      failed ??= task.name;
    });
  });
}

export interface RunningApp {
  server: RunningServer;
  browser: Browser;
}

/**
 * A Kontor server (fresh demo database) and a Chromium for the suite this is called in: started
 * before its tests, stopped after them. The fields are set once the suite's first hook has run.
 */
export function useRunningApp(): RunningApp {
  const app = {} as RunningApp;
  beforeAll(async () => {
    // Side by side: the server's start and Chromium's are two other processes, each waiting on its own.
    const [server, browser] = await Promise.allSettled([startServer(), launchBrowser()]);
    if (server.status === 'fulfilled') app.server = server.value;
    if (browser.status === 'fulfilled') app.browser = browser.value;
    if (server.status === 'rejected') throw server.reason;
    if (browser.status === 'rejected') throw browser.reason;
  });
  beforeEach(({ onTestFailed, task }) => {
    onTestFailed(() => describeOpenPages(app.browser, task.name));
  });
  afterAll(async () => {
    await Promise.all([app.browser?.close(), app.server?.stop()]);
  });
  return app;
}

/**
 * What each open page showed when a test failed: its address and accessibility tree in the log, a screenshot beside
 * the others. A CI run leaves only its log behind, and a locator that waited in vain says only what it looked for.
 */
async function describeOpenPages(browser: Browser | undefined, testName: string): Promise<void> {
  const pages = browser?.contexts().flatMap((context) => context.pages()) ?? [];
  const slug = testName.replace(/[^\w-]+/g, '-').slice(0, 60);
  for (const [index, page] of pages.entries()) {
    try {
      const tree = await page.locator('body').ariaSnapshot({ timeout: 5_000 });
      console.error(
        `[failed: ${testName}] page ${index + 1} of ${pages.length} at ${page.url()}:\n${tree.slice(0, 4_000)}`,
      );
      await screenshot(page, `failure-${slug}-${index + 1}`);
    } catch (error) {
      console.error(`[failed: ${testName}] page ${index + 1} at ${page.url()} could not be described:`, error);
    }
  }
}

/** A react-admin select: open it by its label, pick the option by its text. */
export async function choose(page: Page, label: string, option: string | RegExp): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  const listbox = page.getByRole('listbox');
  await listbox.getByRole('option', { name: option }).click();
  // While the menu is open MUI hides the rest of the page from the accessibility tree, so the next role lookup
  // (the save button, say) would find nothing: wait until its closing transition has ended.
  await listbox.waitFor({ state: 'detached' });
}

/**
 * The mandant admin's new machine set, as the screens make it: the list, "create", name and version, based on the
 * demo set; `fill` types whatever else the set records (electricity contract, site footprint) before it is saved.
 * Answers on the list again, with the new set in it.
 */
export async function createMachineSet(
  page: Page,
  baseUrl: string,
  set: { name: string; version: string; fill?: (page: Page) => Promise<void> },
): Promise<void> {
  await page.goto(`${baseUrl}/machine-sets`);
  await page.getByText('Demo-Maschinen').first().waitFor();
  await page.locator('a[href$="/machine-sets/create"]').click();
  await page.locator('input[name="name"]').fill(set.name);
  await page.locator('input[name="version_label"]').fill(set.version);
  await choose(page, 'Grundlage', /^Demo-Maschinen/);
  await set.fill?.(page);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await page.waitForURL(/\/machine-sets$/);
  await page.getByRole('row').filter({ hasText: set.name }).first().waitFor();
}

/** Publishes a machine set from its list row (it becomes the current set, the one new calculations read). */
export async function publishMachineSet(page: Page, baseUrl: string, name: string): Promise<void> {
  if (!/\/machine-sets$/.test(page.url())) await page.goto(`${baseUrl}/machine-sets`);
  // In its list row: the notice "Maschinenpark „…“ angelegt" may name the set too.
  await page.getByRole('row').filter({ hasText: name }).getByText(name).first().click();
  await page.waitForURL(/\/machine-sets\/\d+$/);
  await choose(page, 'Status', 'Veröffentlicht');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await page.waitForURL(/\/machine-sets$/);
}
