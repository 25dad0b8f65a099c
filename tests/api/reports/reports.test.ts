/**
 * Footprint reports and verification pages (issue 21, item 5): the report PDF states its method and the sources of
 * its figures and claims no neutrality; a published page shows the report's facts and nothing else of the mandant
 * (no other calculation, no user, no other mandant), answers 404 once revoked and for unknown or malformed tokens,
 * sets no cookie; another mandant can neither list nor revoke; publish and revoke are in the protocol.
 */
import { beforeAll, expect, it } from 'vitest';
import type {
  ApiErrorBody,
  CalculationRecord,
  CollectionRecord,
  FactorDatabaseRecord,
  FactorRecord,
  OrderRecord,
  ProtocolEntryRecord,
  PublicationRecord,
} from '../../../src/core/api';
import { describeEachDatabase, type TestContext } from '../harness';
import { pdfText } from '../../support/pdf-text';
import {
  declarationInWords,
  factorQuality,
  propagateUncertainty,
  qualityInWords,
  uncertaintyInWords,
} from '../../../src/core/data-quality';
import { translate } from '../../../src/core/i18n/translate';
import '../../../src/core/i18n/all-locales';
import { formatPercent } from '../../../src/core/number-format';
import { calculationContributions } from '../../../src/server/reports/snapshot';

type Answer<T> = T & ApiErrorBody;

const EDITOR = 'editor@muster.example';
const VIEWER = 'viewer@muster.example';
const PROVIDER = 'admin@kontor.example';
const OTHER_ADMIN = 'admin@printco.example';

const BROCHURE_INPUTS = {
  quantity: 500,
  format: 'A4',
  pages: 8,
  paper: 'paper_virgin',
  grammage: 115,
  spoilage_pct: 10,
  has_cover: false,
  colours_front: 4,
  colours_back: 4,
  ups: 8,
  cartons: true,
};

const html = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** Words that would claim more than an offset contribution, in the five languages. */
const NEUTRALITY_CLAIMS =
  /klimaneutral|climate.neutral|neutre en carbone|neutralit|carbon.neutral|climáticamente neutr|kompensiert/i;

describeEachDatabase('footprint reports and verification pages', (ctx: TestContext) => {
  const tokens: Record<string, string> = {};
  const token = async (email: string) => (tokens[email] ??= await ctx.login(email));
  const as = async <T>(email: string, method: string, url: string, body?: unknown) =>
    ctx.request<Answer<T>>(method, url, { token: await token(email), body });
  const pdf = async (email: string, url: string) => {
    const response = await fetch(`${ctx.baseUrl}${url}`, {
      headers: { authorization: `Bearer ${await token(email)}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/pdf');
    return pdfText(new Uint8Array(await response.arrayBuffer()));
  };
  const verify = async (url: string) => {
    const response = await fetch(url.replace(/^https?:\/\/[^/]+/, ctx.baseUrl));
    return { status: response.status, headers: response.headers, text: await response.text() };
  };

  let subject: CalculationRecord;
  let sibling: CalculationRecord;

  let draft: CalculationRecord;

  beforeAll(async () => {
    // Final: a draft is not published (issue 33, item 6).
    const create = async (title: string, status: 'draft' | 'final' = 'final') => {
      const res = await as<CalculationRecord>(EDITOR, 'POST', '/api/calculations', {
        template_id: 'brochure',
        status,
        inputs: { ...BROCHURE_INPUTS, title },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body;
    };
    subject = await create('Prüfbericht Broschüre');
    sibling = await create('Geheime Nachbarkalkulation');
    draft = await create('Entwurf in Arbeit', 'draft');
  });

  it('writes the report PDF with method statement, factor sources and no neutrality claim, in the chosen language', async () => {
    const german = await pdf(EDITOR, `/api/calculations/${subject.id}/report.pdf?language=de`);
    // An embedded font prints CO₂ with its subscript (issue #35 item 2).
    expect(german).toContain('CO₂-Fußabdruck-Bericht');
    expect(german).toContain('Methode');
    expect(german).toContain('ISO 16759');
    expect(german).toContain('Funktionelle Einheit');
    expect(german).toContain('Systemgrenze');
    expect(german).toContain(subject.number);
    expect(german).toContain('Druckerei Muster');
    // Each factor's source as the stored results name it.
    // Compared with lines unwrapped; the embedded font prints "≈" as it is.
    const unwrapped = german.replace(/\s+/g, ' ');
    for (const factor of subject.results.factors) expect(unwrapped).toContain(factor.source.slice(0, 30));
    expect(german).not.toMatch(NEUTRALITY_CLAIMS);
    expect(german).not.toContain(sibling.number);

    const english = await pdf(EDITOR, `/api/calculations/${subject.id}/report.pdf?language=en`);
    expect(english).toContain('Carbon footprint report');
    expect(english).toContain('Functional unit');
    expect(english).not.toMatch(NEUTRALITY_CLAIMS);
    for (const language of ['fr', 'it', 'es'])
      expect(await pdf(EDITOR, `/api/calculations/${subject.id}/report.pdf?language=${language}`)).not.toMatch(
        NEUTRALITY_CLAIMS,
      );
    expect((await as(EDITOR, 'GET', `/api/calculations/${subject.id}/report.pdf?language=xx`)).status).toBe(400);
  });

  it('writes a collection report listing its calculations', async () => {
    const collection = await as<CollectionRecord>(EDITOR, 'POST', '/api/collections', {
      name: 'Berichtssammlung',
      calculation_ids: [subject.id],
    });
    expect(collection.status).toBe(201);
    const text = await pdf(EDITOR, `/api/collections/${collection.body.id}/report.pdf?language=en`);
    expect(text).toContain('Berichtssammlung');
    expect(text).toContain(subject.number);
    expect(text).not.toContain(sibling.number);
  });

  it('publishes a page that shows the report’s facts and nothing beyond, and 404 once revoked', async () => {
    expect((await as(VIEWER, 'POST', `/api/calculations/${subject.id}/publications`, {})).status).toBe(403);
    const published = await as<PublicationRecord>(EDITOR, 'POST', `/api/calculations/${subject.id}/publications`, {
      language: 'en',
    });
    expect(published.status, JSON.stringify(published.body)).toBe(201);
    const { url } = published.body;
    const token = url.split('/verify/')[1]!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const page = await verify(url);
    expect(page.status).toBe(200);
    expect(page.headers.get('set-cookie')).toBeNull();
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.text).toContain(subject.number);
    expect(page.text).toContain('Prüfbericht Broschüre');
    expect(page.text).toContain('Functional unit');
    expect(page.text).toContain('Published');
    for (const factor of subject.results.factors) expect(page.text).toContain(html(factor.source));
    expect(page.text).not.toContain(sibling.number);
    expect(page.text).not.toContain('Geheime Nachbarkalkulation');
    expect(page.text).not.toMatch(/@[a-z]+\.example/);
    expect(page.text).not.toContain('Print & Co');
    expect(page.text).not.toContain('Print &amp; Co');
    expect(page.text).not.toMatch(NEUTRALITY_CLAIMS);
    expect(page.text).not.toContain('<script');

    // Later edits do not change what was published.
    const edited = await as<CalculationRecord>(EDITOR, 'PUT', `/api/calculations/${subject.id}`, {
      ...subject,
      inputs: { ...subject.inputs, title: 'Umbenannt nach Veröffentlichung' },
      version: subject.version,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    subject = edited.body;
    expect((await verify(url)).text).not.toContain('Umbenannt nach Veröffentlichung');

    // Viewers see the list; the PDF of the publication carries the page's address.
    const list = await as<PublicationRecord[]>(VIEWER, 'GET', `/api/calculations/${subject.id}/publications`);
    expect(list.body.map((entry) => entry.id)).toEqual([published.body.id]);
    expect(await pdf(VIEWER, `/api/publications/${published.body.id}/document.pdf`)).toContain(url);

    // Another mandant cannot list, read or revoke.
    expect((await as(OTHER_ADMIN, 'GET', `/api/calculations/${subject.id}/publications`)).status).toBe(404);
    expect((await as(OTHER_ADMIN, 'GET', `/api/publications/${published.body.id}`)).status).toBe(404);
    expect((await as(OTHER_ADMIN, 'DELETE', `/api/publications/${published.body.id}`)).status).toBe(404);
    expect((await as(VIEWER, 'DELETE', `/api/publications/${published.body.id}`)).status).toBe(403);
    expect((await verify(url)).status).toBe(200);

    expect((await as(EDITOR, 'DELETE', `/api/publications/${published.body.id}`)).status).toBe(204);
    const gone = await verify(url);
    expect(gone.status).toBe(404);
    expect(gone.text).not.toContain(subject.number);
    expect((await as(EDITOR, 'DELETE', `/api/publications/${published.body.id}`)).status).toBe(404);
    expect((await as<PublicationRecord[]>(EDITOR, 'GET', `/api/calculations/${subject.id}/publications`)).body).toEqual(
      [],
    );

    const protocol = await as<ProtocolEntryRecord[]>(
      EDITOR,
      'GET',
      `/api/protocol?filter=${encodeURIComponent(JSON.stringify({ resource: 'publications' }))}`,
    );
    expect(protocol.body.map((entry) => entry.action).sort()).toEqual(['published', 'unpublished']);
  });

  it('answers unknown and malformed tokens with the same 404', async () => {
    const unknown = await verify(`${ctx.baseUrl}/verify/AAAAAAAAAAAAAAAAAAAAAA`);
    const malformed = await verify(`${ctx.baseUrl}/verify/${encodeURIComponent('x\'"<script>')}`);
    // The router answers paths with a segment over 100 characters 414 before any route sees them.
    const long = await verify(`${ctx.baseUrl}/verify/${'a'.repeat(90)}`);
    expect(unknown.status).toBe(404);
    expect(malformed.status).toBe(404);
    expect(long.status).toBe(404);
    expect(malformed.text).not.toContain('<script>');
  });

  it('publishes a completed order’s certificate, and refuses one not completed', async () => {
    const projects = await as<Array<{ id: number }>>(EDITOR, 'GET', '/api/carbon-offset-projects');
    const order = await as<OrderRecord>(EDITOR, 'POST', '/api/orders', {
      project_id: projects.body[0]!.id,
      calculation_id: sibling.id,
    });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    expect((await as(EDITOR, 'POST', `/api/orders/${order.body.id}/publications`, {})).status).toBe(409);
    for (const [email, step] of [
      [EDITOR, 'place'],
      [PROVIDER, 'confirm'],
      [PROVIDER, 'complete'],
    ] as const)
      expect((await as(email, 'POST', `/api/orders/${order.body.id}/${step}`)).status).toBe(200);
    const completed = (await as<OrderRecord>(EDITOR, 'GET', `/api/orders/${order.body.id}`)).body;
    const published = await as<PublicationRecord>(EDITOR, 'POST', `/api/orders/${order.body.id}/publications`, {
      language: 'de',
    });
    expect(published.status, JSON.stringify(published.body)).toBe(201);
    const page = await verify(published.body.url);
    expect(page.status).toBe(200);
    expect(page.text).toContain(completed.certificate_number!);
    // Issue 33, item 6: the certificate names the project and the tonnes retired, never "covered" calculations with
    // their kg CO2e (that reads as "these products are compensated").
    expect(page.text).toContain('Stillgelegte Menge');
    expect(page.text).toContain('Klimabeitrag');
    expect(page.text).not.toContain(sibling.number);
    expect(page.text).not.toContain('Abgedeckte Kalkulationen');
    expect(page.text).not.toMatch(/Kompensation/);
    expect(page.text).not.toContain(subject.number);
    expect(page.text).not.toMatch(/@[a-z]+\.example/);
    const certificate = await pdf(EDITOR, `/api/publications/${published.body.id}/document.pdf`);
    expect(certificate).toContain(published.body.url);
    expect(certificate).toContain('Zertifikat über einen Klimabeitrag');
    expect(certificate).not.toContain(sibling.number);
    expect(certificate).not.toMatch(/Kompensation|Abgedeckte/);
  });

  it('refuses to publish a draft, or a collection holding one, with a translated reason', async () => {
    const refused = await as(EDITOR, 'POST', `/api/calculations/${draft.id}/publications`, { language: 'en' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(draft.number);
    // In the editor's interface language (German).
    expect(refused.body.message).toMatch(/Entwurf kann nicht veröffentlicht werden/);
    const collection = await as<CollectionRecord>(EDITOR, 'POST', '/api/collections', {
      name: 'Mit Entwurf',
      calculation_ids: [subject.id, draft.id],
    });
    expect(collection.status).toBe(201);
    const refusedCollection = await as(EDITOR, 'POST', `/api/collections/${collection.body.id}/publications`, {});
    expect(refusedCollection.status).toBe(409);
    expect(refusedCollection.body.message).toContain(draft.number);
    expect((await as<PublicationRecord[]>(EDITOR, 'GET', `/api/calculations/${draft.id}/publications`)).body).toEqual(
      [],
    );
    // Once final, it can be published.
    const final = await as<CalculationRecord>(EDITOR, 'PUT', `/api/calculations/${draft.id}`, {
      ...draft,
      status: 'final',
      version: draft.version,
    });
    expect(final.status, JSON.stringify(final.body)).toBe(200);
    expect((await as(EDITOR, 'POST', `/api/calculations/${draft.id}/publications`, {})).status).toBe(201);
  });

  it('marks figures from a demo database on the page and in the PDF, with the GWP set and the figure per copy', async () => {
    const published = await as<PublicationRecord>(EDITOR, 'POST', `/api/calculations/${sibling.id}/publications`, {
      language: 'de',
    });
    expect(published.status, JSON.stringify(published.body)).toBe(201);
    const page = await verify(published.body.url);
    expect(page.text).toContain('data-testid="demo-mark"');
    expect(page.text).toContain('Demowerte – nicht für Berichte');
    expect(page.text).toContain('GWP-Satz');
    expect(page.text).toContain('IPCC AR5 GWP100');
    expect(page.text).toContain('je Exemplar');
    const document = await pdf(EDITOR, `/api/publications/${published.body.id}/document.pdf`);
    expect(document).toMatch(/Demowerte\W+nicht für Berichte/);
    const report = await pdf(EDITOR, `/api/calculations/${sibling.id}/report.pdf?language=en`);
    // Page 1 carries the total and the figure per copy, rounded to three significant digits.
    const first = report.split('Method')[0]!;
    expect(first).toMatch(/Demo values\W+not for reports/);
    expect(first).toContain('Per functional unit');
    expect(first).toMatch(/Total\s+\d+(\.\d+)? kg CO₂e/);
    const total = /Total\s+([\d,.]+) kg CO₂e/.exec(first)![1]!.replace(/,/g, '');
    expect(total.replace('.', '').replace(/^0+/, '').length).toBeLessThanOrEqual(3);
    expect(Number(total)).toBeCloseTo(Number(sibling.total_co2e.toPrecision(3)), 6);
    expect(first).toMatch(/per copy/);
    expect(report).toContain('GWP set');
  });

  it("marks a paper from its mill's declaration as primary data, with biogenic CO2 apart and delivery stated (issue 33)", async () => {
    const admin = 'admin@muster.example';
    const databases = await as<FactorDatabaseRecord[]>(admin, 'GET', '/api/databases');
    const base = databases.body.find((d) => d.version_label === '2025' && d.mandant_id === null)!;
    const derived = await as<FactorDatabaseRecord>(admin, 'POST', '/api/databases', {
      name: 'Muster mill paper',
      version_label: '2025-mill',
      copy_from_id: base.id,
    });
    expect(derived.status, JSON.stringify(derived.body)).toBe(201);
    const filter = encodeURIComponent(JSON.stringify({ database_id: derived.body.id, key: 'paper_virgin' }));
    const paper = (await as<FactorRecord[]>(admin, 'GET', `/api/factors?filter=${filter}`)).body[0]!;
    const declared = await as<FactorRecord>(admin, 'PUT', `/api/factors/${paper.id}`, {
      value: 0.61,
      source: 'EPD of mill X, 2025',
      declaration_kind: 'epd',
      biogenic_co2: 1.4,
      delivery_included: true,
    });
    expect(declared.status, JSON.stringify(declared.body)).toBe(200);
    expect((await as(admin, 'POST', `/api/databases/${derived.body.id}/publish`)).status).toBe(200);
    const created = await as<CalculationRecord>(EDITOR, 'POST', '/api/calculations', {
      template_id: 'brochure',
      status: 'final',
      database_id: derived.body.id,
      inputs: { ...BROCHURE_INPUTS, title: 'Werkspapier' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const read = await as<CalculationRecord>(EDITOR, 'GET', `/api/calculations/${created.body.id}`);
    const used = read.body.results.factors.find((factor) => factor.key === 'paper_virgin')!;
    expect(factorQuality(used).dataType).toBe('primary');
    const say = (key: string, params?: Record<string, string | number>) => translate('en', key, params);
    const words = declarationInWords(used, 'en', say)!;
    expect(words).toBe(
      "mill's declaration (EPD): the mill's primary data · biogenic CO2 1.4 kg/kg, reported apart, not in the total · delivery to the printer included in the figure",
    );
    // The total is the fossil figure's: biogenic CO2 is not added.
    expect(used.value).toBe(0.61);
    const published = await as<PublicationRecord>(EDITOR, 'POST', `/api/calculations/${created.body.id}/publications`, {
      language: 'en',
    });
    expect(published.status, JSON.stringify(published.body)).toBe(201);
    const page = await verify(published.body.url);
    expect(page.text).toContain(html(words));
  });

  it('states data quality, the share of primary data and the uncertainty range alike in the record, PDF and page', async () => {
    const created = await as<CalculationRecord>(EDITOR, 'POST', '/api/calculations', {
      template_id: 'brochure',
      status: 'final',
      inputs: { ...BROCHURE_INPUTS, title: 'Datenqualität' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const read = await as<CalculationRecord>(EDITOR, 'GET', `/api/calculations/${created.body.id}`);
    // Demo factors are secondary data; those the demo source calls an estimate are proxies.
    const factors = read.body.results.factors;
    expect(factors.length).toBeGreaterThan(0);
    expect(factors.every((factor) => factor.data_type === 'secondary')).toBe(true);
    expect(factors.find((factor) => factor.key === 'press_consumables')?.technology).toBe('proxy');
    // The 2025 paper figure is itself an estimate (docs/demo-factors.md); a figure read from a publication is an average.
    expect(factors.find((factor) => factor.key === 'paper_virgin')?.technology).toBe('proxy');
    for (const factor of factors)
      expect(factor.technology, factor.key).toBe(/\bestimate\b|\bassumed\b/i.test(factor.source) ? 'proxy' : 'average');

    const year = new Date().getUTCFullYear();
    const expected = propagateUncertainty(read.body.total_co2e, calculationContributions(read.body), year);
    expect(expected.relative).toBeGreaterThan(0.05);
    expect(expected.unattributedShare).toBe(0);
    const say = (key: string, params?: Record<string, string | number>) => translate('en', key, params);
    const range = uncertaintyInWords(expected, 'kg CO2e', 'en', say);
    const share = formatPercent(expected.primaryShare, 'en');
    const paper = factors.find((factor) => factor.key === 'paper_virgin')!;
    const paperQuality = qualityInWords(factorQuality(paper), year, 'en', say);
    expect(paperQuality).toMatch(/^secondary · 20\d\d \(.*\) · region: EU · proxy or estimate · ±\d+%$/);

    const published = await as<PublicationRecord>(EDITOR, 'POST', `/api/calculations/${created.body.id}/publications`, {
      language: 'en',
    });
    expect(published.status, JSON.stringify(published.body)).toBe(201);
    const page = await verify(published.body.url);
    expect(page.status).toBe(200);
    for (const text of [
      'Uncertainty range',
      range,
      'Share of primary data',
      share,
      'Data quality',
      paperQuality,
      'Cut-off rule',
      'Known exclusions (estimated size)',
      'End of life (recycling, incineration or landfill',
      'Biogenic carbon',
      'Allocation',
      'root sum of squares',
    ])
      expect(page.text, text).toContain(html(text));

    // Unwrapped, and the WinAnsi en dash the text extraction answers as U+0096 read as the dash it is.
    // PDFs print CO₂ with its subscript (issue #35), the core's words say CO2.
    const unwrap = (text: string) =>
      text
        .replace(/[\s\u00a0\u202f]+/g, ' ')
        .replace(/\u0096/g, '–')
        .replace(/CO2/g, 'CO₂');
    const report = unwrap(await pdf(EDITOR, `/api/calculations/${created.body.id}/report.pdf?language=en`));
    const first = report.split('Method')[0]!;
    expect(first).toContain(unwrap(`Uncertainty range ${range}`));
    expect(first).toContain(unwrap(`Share of primary data ${share}`));
    for (const text of [
      'Cut-off rule',
      'Known exclusions',
      'Biogenic carbon',
      'Allocation',
      `${paper.label?.en}: ${paperQuality}`,
    ])
      expect(report, text).toContain(unwrap(text));

    const german = unwrap(await pdf(EDITOR, `/api/calculations/${created.body.id}/report.pdf?language=de`));
    const deSay = (key: string, params?: Record<string, string | number>) => translate('de', key, params);
    expect(german).toContain(unwrap(`Unsicherheitsbereich ${uncertaintyInWords(expected, 'kg CO2e', 'de', deSay)}`));
    expect(german).toContain('Anteil Primärdaten');
    expect(german).toContain('Biogener Kohlenstoff');
  });
});
