/**
 * Accepting an invitation in Chromium against the real server (issue #35): the link's page names the account being
 * created before the form, accepting signs the invitee in, and the used link says so before showing any form
 * (`GET /api/invitations/by-token?token=`).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiToken, browserAvailable, newPage, screenshot, stepsInOrder, useRunningApp } from './harness';
import { slowdown } from '../support/load';

/** The token of the newest invitation link the server wrote to its outbox for `email`. */
function mailedToken(dataDir: string, email: string): string {
  const mails = readFileSync(path.join(dataDir, 'outbox.log'), 'utf8')
    .split('\n')
    .filter((line) => line.includes(email));
  const match = /\/login\/invitation\?token=([A-Za-z0-9_%-]+)/.exec(mails.at(-1) ?? '');
  if (!match) throw new Error(`no invitation link mailed to ${email}`);
  return decodeURIComponent(match[1]!);
}

describe.runIf(browserAvailable())('accepting an invitation', () => {
  const app = useRunningApp();
  stepsInOrder();
  const email = 'lea.lauf@muster.example';
  let link = '';

  // The invitation as the mandant admin sends it, through the API; the journey is the invitee's.
  beforeAll(async () => {
    const admin = await apiToken(app.server.baseUrl, 'admin@muster.example');
    const invited = await fetch(`${app.server.baseUrl}/api/invitations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: JSON.stringify({ email, name: 'Lea Lauf', role: 'editor', language: 'de' }),
    });
    expect(invited.status).toBe(201);
    const token = mailedToken(app.server.dataDir, email);
    link = `${app.server.baseUrl}/login/invitation?token=${encodeURIComponent(token)}`;
  });

  it('names the account and signs the invitee in', async () => {
    const { context, page } = await newPage(app.browser, { locale: 'de-DE' });
    await page.goto(link);
    const account = page.getByTestId('invitation-account');
    await account.waitFor();
    expect(await account.textContent()).toContain(`Sie legen das Konto ${email} für`);
    await screenshot(page, 'invitation-accept');
    const passwords = page.locator('input[type="password"]');
    await passwords.nth(0).fill('lea-sicheres-passwort');
    await passwords.nth(1).fill('lea-sicheres-passwort');
    await page.getByRole('button', { name: 'Konto anlegen' }).click();
    // Signed in: the app's shell with the invitee's own user menu, not the login form.
    try {
      await page.getByTestId('user-menu').waitFor({ timeout: 20_000 * slowdown() });
    } finally {
      await screenshot(page, 'invitation-accepted');
    }
    expect(new URL(page.url()).pathname).not.toMatch(/^\/login/);
    // As the invitee: the menu names Lea Lauf.
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="user-menu"]')?.getAttribute('aria-label')?.endsWith(': Lea Lauf'),
    );
    await context.close();
  });

  it('says the used link no longer works before showing any form', async () => {
    // The link again, in a fresh session: the page says it no longer works, and shows no form to fill in first.
    const again = await newPage(app.browser, { locale: 'de-DE' });
    await again.page.goto(link);
    await again.page.getByText('Dieser Einladungslink ist nicht mehr gültig', { exact: false }).waitFor();
    expect(await again.page.locator('input[type="password"]').count()).toBe(0);
    expect(await again.page.getByRole('button', { name: 'Konto anlegen' }).count()).toBe(0);
    await again.page.getByRole('link', { name: 'Zurück zur Anmeldung' }).waitFor();
    await screenshot(again.page, 'invitation-used');
    await again.context.close();
  });
});
