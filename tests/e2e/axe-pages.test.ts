/**
 * axe-core on every main page (issue #35, "Done when"): 0 serious and 0 critical violations on the dashboard, the
 * calculations' list, creation and page, collections, compare, the importer, migrations, orders, offsets, statistics,
 * protocol, profile, users, machines, factors, templates and storefronts, signed in as an admin who sees them all.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations } from './axe';
import { slowdown } from '../support/load';
import { apiToken, browserAvailable, screenshot, signedInPage, useRunningApp } from './harness';

/** Opens `path` signed in on `page` and answers the serious and critical violations axe finds there, in words. */
async function violationsOn(page: Page, baseUrl: string, name: string, path: string): Promise<string> {
  await page.goto(`${baseUrl}${path}`);
  try {
    await page
      .locator('main h1, main h2, main h3, main h4, main table, main form, main [role="combobox"]')
      .first()
      .waitFor({ timeout: 40_000 * slowdown() });
  } catch {
    await screenshot(page, `axe-pages-timeout-${name.replace(/\W+/g, '-')}`).catch(() => undefined);
    return `${name} (${path}): did not show its content in time`;
  }
  return describeViolations(await seriousViolations(page));
}

// One test a page, so a failure names its page and no test runs long (issue #38: none over 15 s).
describe.runIf(browserAvailable())('axe on every main page', () => {
  const app = useRunningApp();
  let page: Page;
  let first = 0;
  let second = 0;

  describe('as a mandant admin', () => {
    beforeAll(async () => {
      const token = await apiToken(app.server.baseUrl, 'admin@muster.example');
      const list = await fetch(`${app.server.baseUrl}/api/calculations?_sort=id&_order=ASC&_start=0&_end=2`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const calculations = (await list.json()) as Array<{ id: number }>;
      expect(calculations.length).toBeGreaterThanOrEqual(2);
      [first, second] = calculations.map((calculation) => calculation.id) as [number, number];
      ({ page } = await signedInPage(app.browser, app.server.baseUrl, 'admin@muster.example'));
    });

    const pages: Array<[string, () => string]> = [
      ['dashboard', () => '/'],
      ['calculations list', () => '/calculations'],
      ['calculation create (template picker)', () => '/new'],
      ['calculation create (flyer)', () => '/new/flyer'],
      ['calculation page', () => `/edit/${first}`],
      ['collections', () => '/collections'],
      ['compare', () => `/compare?ids=${first},${second}`],
      ['importer', () => '/importer'],
      ['migrations', () => '/migrations'],
      ['orders', () => '/orders'],
      ['offsets', () => '/carbon-offset-projects'],
      ['statistics', () => '/statistics'],
      ['protocol', () => '/protocol'],
      ['profile', () => '/profile'],
      ['users', () => '/users'],
      ['machines', () => '/machine-sets'],
      ['factors', () => '/databases'],
      ['storefronts', () => '/storefronts'],
    ];
    it.each(pages)('finds 0 serious and 0 critical violations on %s', async (name, path) => {
      expect(await violationsOn(page, app.server.baseUrl, name, path())).toBe('');
    });
  });

  // Templates are the provider's to edit: their page as the provider admin sees it, in a session of their own
  // (signing out and in on one page raced the logout's redirect).
  describe('as the provider admin', () => {
    beforeAll(async () => {
      ({ page } = await signedInPage(app.browser, app.server.baseUrl, 'admin@kontor.example'));
    });

    it('finds 0 serious and 0 critical violations on templates', async () => {
      expect(await violationsOn(page, app.server.baseUrl, 'templates', '/templates')).toBe('');
    });
  });
});
