/**
 * Figures for the closing note (a benchmark, not part of `npm test`: it runs only with KONTOR_PERF=1): how long a
 * 40-field generated form takes to appear, and how long from a keystroke to the updated live total, in Chromium.
 * The 40-field template is generated here and served from a temporary TEMPLATES_DIR beside the shipped ones.
 */
import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { browserAvailable, launchBrowser, login, newPage, startServer, type RunningServer } from './harness';

const text = (value: string) => ({ de: value, en: value, fr: value, it: value, es: value });
const NUMBER_FIELDS = 39;

/** 39 number fields in four groups plus a factor select: 40 inputs, one sum, one primary total. */
export function fortyFieldTemplate() {
  const names = Array.from({ length: NUMBER_FIELDS }, (_, index) => `f${index + 1}`);
  const groups = [0, 1, 2, 3].map((groupIndex) => ({
    id: `g${groupIndex + 1}`,
    label: text(`Gruppe ${groupIndex + 1}`),
    fields: names.slice(groupIndex * 10, groupIndex * 10 + 10).map((name) => ({
      name,
      type: 'number',
      unit: 'kg',
      label: text(`Feld ${name}`),
      rules: ['required', 'min:0', 'max:1000000'],
      default: 1,
    })),
  }));
  groups[3].fields.push({
    name: 'energy',
    type: 'factor',
    category: 'electricity',
    label: text('Strom'),
    rules: ['required'],
    default: 'electricity_de_grid',
  } as never);
  return {
    id: 'bench40',
    version: 1,
    type: 'product',
    icon: 'Science',
    label: text('Bench 40'),
    groups,
    results: [
      { name: 'mass', label: text('Masse'), unit: 'kg', formula: names.join(' + ') },
      { name: 'total_co2e', label: text('Gesamt'), unit: 'kg CO2e', formula: 'mass * factor(energy)', primary: true },
    ],
    list: { columns: ['total_co2e'] },
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

describe.runIf(process.env.KONTOR_PERF === '1' && browserAvailable())('generated form performance in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let templatesDir: string;

  beforeAll(async () => {
    templatesDir = mkdtempSync(path.join(tmpdir(), 'kontor-templates-'));
    const shipped = path.resolve(import.meta.dirname, '../../schemas/templates');
    for (const file of readdirSync(shipped).filter((name) => name.endsWith('.json')))
      copyFileSync(path.join(shipped, file), path.join(templatesDir, file));
    writeFileSync(path.join(templatesDir, 'bench40.json'), JSON.stringify(fortyFieldTemplate(), null, 2));
    server = await startServer({ TEMPLATES_DIR: templatesDir });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(templatesDir, { recursive: true, force: true });
  });

  it('renders a 40-field form and updates the preview per keystroke', async () => {
    const { context, page } = await newPage(browser, { locale: 'de-DE' });
    try {
      await login(page, server.baseUrl, 'editor@muster.example');
      // Render: from a client-side navigation to the form with all fields and the computed total on screen.
      const renders: number[] = [];
      for (let run = 0; run < 5; run += 1) {
        await page.goto(`${server.baseUrl}/calculations`);
        await page.waitForSelector('[data-testid="user-menu"]');
        const started = await page.evaluate(() => {
          const start = performance.now();
          window.history.pushState({}, '', '/new/bench40');
          window.dispatchEvent(new PopStateEvent('popstate'));
          return start;
        });
        await page.waitForFunction(
          () =>
            document.querySelectorAll('[data-field]').length >= 40 &&
            document.querySelector('[data-testid="result-total-value"]') !== null,
        );
        renders.push((await page.evaluate(() => performance.now())) - started);
      }

      // Keystroke → preview: time from keydown in a number field to the total's text changing.
      const input = page.locator('[data-field="f1"] input');
      await input.click();
      await page.evaluate(() => {
        const state = window as unknown as { kontorLatencies: number[]; kontorKeydown: number };
        state.kontorLatencies = [];
        state.kontorKeydown = 0;
        document.querySelector('[data-field="f1"] input')?.addEventListener(
          'keydown',
          () => {
            state.kontorKeydown = performance.now();
          },
          true,
        );
        const total = document.querySelector('[data-testid="result-total-value"]') as Node;
        new MutationObserver(() => {
          if (state.kontorKeydown) state.kontorLatencies.push(performance.now() - state.kontorKeydown);
          state.kontorKeydown = 0;
        }).observe(total, { characterData: true, childList: true, subtree: true });
      });
      const keystrokes = 20;
      for (let index = 0; index < keystrokes; index += 1) {
        await page.keyboard.press('ControlOrMeta+a');
        // 2…9 and round again: every keystroke changes the value (the field starts at 1).
        await page.keyboard.press(String((index % 8) + 2));
        await page.waitForFunction(
          (count) => (window as unknown as { kontorLatencies: number[] }).kontorLatencies.length >= count,
          index + 1,
        );
      }
      const latencies = await page.evaluate(() => (window as unknown as { kontorLatencies: number[] }).kontorLatencies);

      const renderMs = median(renders);
      const latencyMs = median(latencies);
      console.log(
        `[bench] 40-field form render (client navigation → fields + total shown), median of 5: ${renderMs.toFixed(0)} ms`,
      );
      console.log(
        `[bench] keystroke → live total, median of ${latencies.length}: ${latencyMs.toFixed(1)} ms (max ${Math.max(...latencies).toFixed(1)} ms)`,
      );
      expect(latencies).toHaveLength(keystrokes);
    } finally {
      await context.close();
    }
  });
});
