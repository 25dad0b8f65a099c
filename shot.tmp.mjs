import { chromium } from 'playwright-core';
const base = 'http://localhost:5391';
const out = '/tmp/tc/shots';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const context = await browser.newContext({ viewport: { width: 1400, height: 1000 }, locale: 'de-DE' });
const page = await context.newPage();
page.on('pageerror', (e) => console.log('pageerror', e.message));
const step = async (name, fn) => { try { await fn(); console.log('ok', name); } catch (e) { console.log('FAIL', name, e.message.split('\n')[0]); await page.screenshot({ path: `${out}/fail-${name}.png` }); } };
await page.goto(`${base}/login`);
await page.waitForSelector('input[name="email"]', { timeout: 240000 }).catch(async (e) => { await page.screenshot({ path: out + '/login.png' }); throw e; });
await page.fill('input[name="email"]', 'admin@kontor.example');
await page.fill('input[name="password"]', 'kontor-demo');
await page.click('button[type="submit"]');
await page.waitForSelector('[data-testid="user-menu"]', { timeout: 60000 });

await step('constants', async () => {
  await page.goto(`${base}/templates/company-footprint`);
  await page.getByTestId('constants-editor').waitFor({ timeout: 60000 });
  await page.getByTestId('constants-editor').scrollIntoViewIfNeeded();
  await page.getByTestId('constants-editor').locator('..').screenshot({ path: `${out}/1-constants.png` });
});
await step('faults', async () => {
  await page.goto(`${base}/templates/new`);
  await page.getByTestId('form-editor').waitFor({ timeout: 60000 });
  await page.getByTestId('te-result-0-formula').fill('quantity * (0.01');
  await page.getByTestId('te-field-0-0-name').fill('job_title');
  await page.getByTestId('te-field-0-1-add-rule').click();
  const rules = page.getByTestId('te-field-0-1-rules');
  const count = await rules.locator('select').count();
  await page.getByTestId(`te-field-0-1-rule-${count - 1}-name`).selectOption('between');
  await page.getByTestId(`te-field-0-1-rule-${count - 1}-arg-0`).fill('0,6');
  await page.getByTestId(`te-field-0-1-rule-${count - 1}-arg-1`).fill('2000,5');
  await page.waitForTimeout(500);
  await page.getByTestId('template-faults').scrollIntoViewIfNeeded();
  await page.getByTestId('template-faults').screenshot({ path: `${out}/2-summary.png` });
  await page.getByTestId('template-fault').first().click();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${out}/3-after-click.png` });
  await page.getByTestId('te-field-0-1').screenshot({ path: `${out}/4-field-rules.png` });
});
await step('option-factor-and-stage', async () => {
  await page.goto(`${base}/templates/new`);
  await page.getByTestId('form-editor').waitFor({ timeout: 60000 });
  await page.getByTestId('te-field-0-0-type').selectOption('select').catch(async () => {
    await page.getByTestId('te-field-0-0-type').click();
  });
  await page.getByTestId('te-field-0-0-add-option').click();
  await page.getByTestId('te-field-0-0-option-0-factor').click();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${out}/5-option-factor-list.png` });
  await page.getByTestId('te-field-0-0-option-0-factor').fill('paper_virgin');
  await page.keyboard.press('Escape');
  await page.getByTestId('te-field-0-0-options').screenshot({ path: `${out}/6-option-factor.png` });
  await page.getByTestId('method-enabled').check();
  await page.getByTestId('method-stage-materials').selectOption('included');
  await page.getByTestId('method-own-label-materials').check();
  for (const [lang, text] of Object.entries({ de: 'Materialien (Folie, Metallteile)', en: 'Materials (film, metal parts)', fr: 'Matériaux (film, pièces métalliques)', it: 'Materiali (film, parti metalliche)', es: 'Materiales (film, piezas metálicas)' }))
    await page.getByTestId(`method-label-materials-${lang}`).fill(text);
  await page.getByTestId('method-editor').screenshot({ path: `${out}/7-stage-label.png` });
});
await step('publish', async () => {
  await page.goto(`${base}/templates/new`);
  await page.getByTestId('form-editor').waitFor({ timeout: 60000 });
  await page.getByTestId('template-publish').click();
  await page.getByRole('dialog').waitFor();
  await page.getByRole('dialog').screenshot({ path: `${out}/8-publish-confirm.png` });
});
await browser.close();
