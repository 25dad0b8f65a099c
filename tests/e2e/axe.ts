/** axe-core in Chromium for the e2e suites: the serious and critical violations of the page as it is now. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

/** Waits until the page is settled: no progress bar, no fade in progress, no pending react-admin loading. */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () =>
      !document.querySelector('[data-testid="progress-bar"]') &&
      !document.querySelector('[data-testid="page-transition"][data-phase="out"]'),
  );
  await page.waitForTimeout(400);
}

export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  await settled(page);
  // Evaluated through the DevTools protocol, not as a script tag: the app's CSP rightly refuses inline script.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: AxeViolation[] }> } })
      .axe;
    return (await axe.run(document)).violations;
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help}\n  ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(' ')} — ${n.failureSummary ?? ''}`)
          .join('\n  ')}`,
    )
    .join('\n');
}
