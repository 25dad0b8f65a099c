/**
 * Every PDF prints what it has to say (issue #35 item 2): an embedded font with CO₂'s subscript two, sources wrapped
 * in full instead of cut, no text drawn over other text (a label over its value), no heading alone at the foot of a
 * page; the order confirmation says its prices are net ("zzgl. MwSt.") and names the collection and the calculations
 * by number.
 */
import { expect, it } from 'vitest';
import type { ApiErrorBody, CalculationRecord, OffsetProjectRecord, OrderRecord } from '../../../src/core/api';
import { withCo2Subscript } from '../../../src/core/template/units';
import { FONTS } from '../../../src/server/pdf/file';
import { pdfText, pdfTextRuns, type PdfTextRun } from '../../support/pdf-text';
import { describeEachDatabase, type TestContext } from '../harness';

type Answer<T> = T & ApiErrorBody;
const EDITOR = 'editor@muster.example';
const PROVIDER = 'admin@kontor.example';

/** The run's box: from its baseline's start, as wide as its glyphs, from descender to ascender. */
function box(run: PdfTextRun) {
  const font = run.font === 'F2' ? FONTS.bold : FONTS.regular;
  return {
    left: run.x,
    right: run.x + font.widthOfTextAtSize(run.text, run.size),
    bottom: run.y - run.size * 0.22,
    top: run.y + run.size * 0.76,
  };
}

/** Pairs of runs on one page whose boxes overlap (a label printed over its value, a cell over the next). */
function overlaps(page: PdfTextRun[]): string[] {
  const found: string[] = [];
  const boxes = page.map(box);
  for (let i = 0; i < page.length; i++)
    for (let j = i + 1; j < page.length; j++) {
      const a = boxes[i]!;
      const b = boxes[j]!;
      if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.bottom < b.top - 0.5 && b.bottom < a.top - 0.5)
        found.push(`"${page[i]!.text}" / "${page[j]!.text}"`);
    }
  return found;
}

describeEachDatabase('PDF layout', (ctx: TestContext) => {
  const tokens: Record<string, string> = {};
  const token = async (email: string) => (tokens[email] ??= await ctx.login(email));
  const as = async <T>(email: string, method: string, url: string, body?: unknown) =>
    ctx.request<Answer<T>>(method, url, { token: await token(email), body });
  const bytesOf = async (url: string, email = EDITOR) => {
    const response = await fetch(`${ctx.baseUrl}${url}`, {
      headers: { authorization: `Bearer ${await token(email)}` },
    });
    expect(response.status).toBe(200);
    return new Uint8Array(await response.arrayBuffer());
  };

  it('prints a collection report with CO₂, every source in full, nothing drawn over anything, no heading at a foot', async () => {
    const calculations = (await as<CalculationRecord[]>(EDITOR, 'GET', '/api/calculations')).body;
    expect(calculations.length).toBeGreaterThan(2);
    const collection = await as<{ id: number }>(EDITOR, 'POST', '/api/collections', {
      name: 'Alle Demo-Kalkulationen',
      calculation_ids: calculations.map((c) => c.id),
    });
    expect(collection.status).toBe(201);
    const bytes = await bytesOf(`/api/collections/${collection.body.id}/report.pdf?language=de`);
    const text = await pdfText(bytes);
    // Read across lines and pages: without the page lines a paragraph running over a page break is cut by.
    const unwrapped = text
      .split('\n')
      .filter((line) => !/ · Seite \d+ von \d+$/.test(line))
      .join(' ')
      .replace(/\s+/g, ' ');

    expect(text).toContain('CO₂-Fußabdruck-Bericht');
    expect(text).toMatch(/kg CO₂e/);
    expect(text).not.toMatch(/CO2/);
    expect(text).not.toContain('\uFFFD');
    // Nothing cut: no ellipsis, and each factor's source in full twice — in "data sources" and in its table row.
    expect(text).not.toContain('…');
    const sources = new Set(
      (
        await Promise.all(
          calculations.map(async (c) => (await as<CalculationRecord>(EDITOR, 'GET', `/api/calculations/${c.id}`)).body),
        )
      ).flatMap((c) => c.results.factors.map((f) => withCo2Subscript(f.source.replace(/\s+/g, ' ').trim()))),
    );
    expect(sources.size).toBeGreaterThan(3);
    for (const source of sources) expect(unwrapped.split(source).length - 1, source).toBeGreaterThanOrEqual(2);

    const pages = await pdfTextRuns(bytes);
    expect(pages.length).toBeGreaterThan(2);
    pages.forEach((page, index) => {
      expect(overlaps(page), `page ${index + 1}`).toEqual([]);
      if (index === pages.length - 1) return;
      // The last run above the page line is no heading (bold, 12 pt and up) left without what it heads.
      const body = page.filter((run) => run.size > 8);
      const lowest = body.reduce((low, run) => (run.y < low.y ? run : low));
      expect(lowest.font === 'F2' && lowest.size >= 12, `page ${index + 1} ends with "${lowest.text}"`).toBe(false);
    });
  }, 120_000);

  it('says the confirmation’s prices are net and names the collection and its calculations by number', async () => {
    const project = await as<OffsetProjectRecord>(PROVIDER, 'POST', '/api/carbon-offset-projects', {
      name: { de: 'Moorprojekt', en: 'Peatland', fr: 'Tourbière', it: 'Torbiera', es: 'Turbera' },
      description: { de: 'Platzhalter', en: 'Placeholder', fr: 'Provisoire', it: 'Segnaposto', es: 'Provisional' },
      country: 'DE',
      project_type: 'forest',
      standard: 'Gold Standard',
      registry_id: 'EXAMPLE-PDF',
      vintage: 2024,
      price_per_tonne_minor: 1500,
      currency: 'EUR',
      tonnes_available_kg: 1_000_000,
      sdgs: [13],
    });
    expect(project.status).toBe(201);
    const [first] = (await as<CalculationRecord[]>(EDITOR, 'GET', '/api/calculations')).body;
    const copies: CalculationRecord[] = [];
    for (let i = 0; i < 2; i++)
      copies.push(
        (await as<CalculationRecord>(EDITOR, 'POST', '/api/calculations', { duplicated_from: first!.id })).body,
      );
    const collection = await as<{ id: number }>(EDITOR, 'POST', '/api/collections', {
      name: 'Messe Leipzig',
      calculation_ids: copies.map((c) => c.id),
    });
    const order = (
      await as<OrderRecord>(EDITOR, 'POST', '/api/orders', {
        project_id: project.body.id,
        collection_id: collection.body.id,
      })
    ).body;
    expect((await as(EDITOR, 'POST', `/api/orders/${order.id}/place`)).status).toBe(200);
    const bytes = await bytesOf(`/api/orders/${order.id}/confirmation.pdf`);
    const lines = (await pdfText(bytes)).split('\n');
    const text = lines.join(' ');
    expect(text).toContain('Messe Leipzig');
    for (const copy of copies) expect(text).toContain(copy.number);
    expect(lines.filter((line) => line.endsWith('zzgl. MwSt.'))).toHaveLength(2);
    expect(text).toContain('t CO₂e');
    for (const page of await pdfTextRuns(bytes)) expect(overlaps(page)).toEqual([]);

    // The certificate still names no calculation (EU 2024/825): the subject is the confirmation's alone.
    expect((await as(PROVIDER, 'POST', `/api/orders/${order.id}/confirm`)).status).toBe(200);
    expect(
      (await as(PROVIDER, 'POST', `/api/orders/${order.id}/complete`, { registry_serials: 'EXAMPLE-PDF-1' })).status,
    ).toBe(200);
    const certificate = await pdfText(await bytesOf(`/api/orders/${order.id}/certificate.pdf`));
    for (const copy of copies) expect(certificate).not.toContain(copy.number);
    expect(certificate).not.toContain('Messe Leipzig');
  }, 120_000);
});
