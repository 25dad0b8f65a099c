/**
 * axe-core on every main page (issue #35, "Done when"): 0 serious and 0 critical violations on the dashboard, the
 * calculations' list, creation and page, collections, compare, the importer, migrations, orders, offsets, statistics,
 * protocol, profile, users, machines, factors, templates and storefronts, signed in as an admin who sees them all.
 */
import { describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations } from './axe';
import { apiToken, browserAvailable, login, newPage, screenshot, useRunningApp } from './harness';

describe.runIf(browserAvailable())('axe on every main page', () => {
  const app = useRunningApp();

  it('finds 0 serious and 0 critical violations on each', async () => {
    const token = await apiToken(app.server.baseUrl, 'admin@muster.example');
    const list = await fetch(`${app.server.baseUrl}/api/calculations?_sort=id&_order=ASC&_start=0&_end=2`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const calculations = (await list.json()) as Array<{ id: number }>;
    expect(calculations.length).toBeGreaterThanOrEqual(2);
    const [first, second] = calculations as [{ id: number }, { id: number }];

    let { context, page } = await newPage(app.browser, { locale: 'de-DE' });
    await login(page, app.server.baseUrl, 'admin@muster.example');
    const found: string[] = [];
    const pages: Array<[string, string]> = [
      ['dashboard', '/'],
      ['calculations list', '/calculations'],
      ['calculation create (template picker)', '/new'],
      ['calculation create (flyer)', '/new/flyer'],
      ['calculation page', `/edit/${first.id}`],
      ['collections', '/collections'],
      ['compare', `/compare?ids=${first.id},${second.id}`],
      ['importer', '/importer'],
      ['migrations', '/migrations'],
      ['orders', '/orders'],
      ['offsets', '/carbon-offset-projects'],
      ['statistics', '/statistics'],
      ['protocol', '/protocol'],
      ['profile', '/profile'],
      ['users', '/users'],
      ['machines', '/machine-sets'],
      ['factors', '/databases'],
      ['storefronts', '/storefronts'],
    ];
    // Templates are the provider's to edit: their page as the provider admin sees it, after the mandant's pages.
    const providerPages: Array<[string, string]> = [['templates', '/templates']];
    for (const [index, [name, path]] of [...pages, ...providerPages].entries()) {
      if (index === pages.length) {
        // A fresh session for the provider admin (signing out and in on one page raced the logout's redirect).
        await context.close();
        ({ context, page } = await newPage(app.browser, { locale: 'de-DE' }));
        await login(page, app.server.baseUrl, 'admin@kontor.example');
      }
      await page.goto(`${app.server.baseUrl}${path}`);
      try {
        await page
          .locator('main h1, main h2, main h3, main h4, main table, main form, main [role="combobox"]')
          .first()
          .waitFor({ timeout: 60_000 });
      } catch {
        await screenshot(page, `axe-pages-timeout-${name.replace(/\W+/g, '-')}`).catch(() => undefined);
        found.push(`${name} (${path}): did not show its content within 60 s`);
        continue;
      }
      const violations = await seriousViolations(page);
      if (violations.length > 0) found.push(`${name} (${path}):\n${describeViolations(violations)}`);
    }
    await context.close();
    expect(found.join('\n\n')).toBe('');
  }, 900_000);
});
