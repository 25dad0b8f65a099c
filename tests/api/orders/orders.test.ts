/**
 * Carbon offset projects and orders (issue 4): catalogue visibility and roles, the order lifecycle
 * with its roles per transition, the frozen rule, rounding and price, bad input that changes
 * nothing, PDFs, and 50 concurrent place requests against stock for 10 — on SQLite and PostgreSQL.
 */
import { insertCalculation, selectCalculations } from '../../../src/server/calculations/state';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, expect, it } from 'vitest';
import type {
  ApiErrorBody,
  CalculationRecord,
  OffsetProjectRecord,
  OrderQuote,
  OrderRecord,
  ProtocolEntryRecord,
} from '../../../src/core/api';
import { describeEachDatabase, type TestContext } from '../harness';
import { pdfText } from '../../support/pdf-text';

type Answer<T> = T & ApiErrorBody;

const PROJECT_BODY = {
  name: { de: 'Testprojekt', en: 'Test project', fr: 'Projet test', it: 'Progetto test', es: 'Proyecto test' },
  description: { de: 'Platzhalter', en: 'Placeholder', fr: 'Provisoire', it: 'Segnaposto', es: 'Provisional' },
  country: 'DE',
  project_type: 'forest',
  standard: 'Gold Standard',
  registry_id: 'EXAMPLE-TEST',
  vintage: 2024,
  price_per_tonne_minor: 1234,
  currency: 'EUR',
  tonnes_available_kg: 1_000_000,
  sdgs: [13, 15],
};

describeEachDatabase('offset projects and orders', (ctx: TestContext) => {
  const tokens: Record<string, string> = {};
  const token = async (email: string) => (tokens[email] ??= await ctx.login(email));
  const as = async <T>(email: string, method: string, url: string, body?: unknown) =>
    ctx.request<Answer<T>>(method, url, { token: await token(email), body });
  const EDITOR = 'editor@muster.example';
  const PROVIDER = 'admin@kontor.example';

  const project = async (id: number) =>
    (await as<OffsetProjectRecord>(PROVIDER, 'GET', `/api/carbon-offset-projects/${id}`)).body;
  const calculation = async (id: number) =>
    (await as<CalculationRecord>(EDITOR, 'GET', `/api/calculations/${id}`)).body;
  const newProject = async (overrides: object = {}) => {
    const res = await as<OffsetProjectRecord>(PROVIDER, 'POST', '/api/carbon-offset-projects', {
      ...PROJECT_BODY,
      ...overrides,
    });
    expect(res.status).toBe(201);
    return res.body;
  };
  /** A fresh, unfrozen calculation of muster (a duplicate of a demo one). */
  const freshCalculation = async (email = EDITOR) => {
    const res = await as<CalculationRecord>(email, 'POST', '/api/calculations', {
      duplicated_from: demoCalculations[0]!.id,
    });
    expect(res.status).toBe(201);
    return res.body;
  };
  const orderCount = async () =>
    Number(
      (
        await ctx.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  let demoCalculations: CalculationRecord[] = [];
  let testProject: OffsetProjectRecord;

  beforeAll(async () => {
    demoCalculations = (await as<CalculationRecord[]>(EDITOR, 'GET', '/api/calculations?sort=["id","ASC"]')).body;
    testProject = await newProject();
  });

  // --- catalogue -------------------------------------------------------------------------------

  it('seeds honest demo projects and lets everybody signed in read the catalogue', async () => {
    const res = await as<OffsetProjectRecord[]>(
      'viewer@printco.example',
      'GET',
      '/api/carbon-offset-projects?filter={"project_type":"cookstoves"}',
    );
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThanOrEqual(1);
    const demo = res.body[0]!;
    expect(demo.description.en).toMatch(/placeholder/i);
    expect(demo.registry_id).toMatch(/EXAMPLE.*not a real/);
    expect(Number.isInteger(demo.tonnes_available_kg)).toBe(true);
    expect(demo.name.fr).not.toBe('');
  });

  it('shows inactive projects to provider admins only', async () => {
    const inactive = await newProject({ active: false, name: { ...PROJECT_BODY.name, de: 'Inaktiv' } });
    const mandantList = await as<OffsetProjectRecord[]>(EDITOR, 'GET', '/api/carbon-offset-projects?range=[0,999]');
    expect(mandantList.body.map((p) => p.id)).not.toContain(inactive.id);
    expect(mandantList.body.every((p) => p.active)).toBe(true);
    // Asking for inactive ones explicitly does not help.
    const asked = await as<OffsetProjectRecord[]>(EDITOR, 'GET', '/api/carbon-offset-projects?filter={"active":false}');
    expect(asked.body).toEqual([]);
    expect((await as(EDITOR, 'GET', `/api/carbon-offset-projects/${inactive.id}`)).status).toBe(404);
    const providerList = await as<OffsetProjectRecord[]>(PROVIDER, 'GET', '/api/carbon-offset-projects?range=[0,999]');
    expect(providerList.body.map((p) => p.id)).toContain(inactive.id);
  });

  it('lets provider admins write the catalogue and nobody else; validates the body', async () => {
    expect((await as('admin@muster.example', 'POST', '/api/carbon-offset-projects', PROJECT_BODY)).status).toBe(403);
    expect((await as(EDITOR, 'PUT', `/api/carbon-offset-projects/${testProject.id}`, { standard: 'VCS' })).status).toBe(
      403,
    );
    const thirdParty = await as(PROVIDER, 'POST', '/api/carbon-offset-projects', {
      ...PROJECT_BODY,
      image_url: 'https://images.example.com/x.jpg',
    });
    expect(thirdParty.status).toBe(400);
    const fractional = await as(PROVIDER, 'POST', '/api/carbon-offset-projects', {
      ...PROJECT_BODY,
      price_per_tonne_minor: 12.5,
    });
    expect(fractional.status).toBe(400);
    const updated = await as<OffsetProjectRecord>(PROVIDER, 'PUT', `/api/carbon-offset-projects/${testProject.id}`, {
      ...testProject,
      standard: 'VCS',
    });
    expect(updated.status).toBe(200);
    expect(updated.body.standard).toBe('VCS');
    expect(updated.body.version).toBe(testProject.version + 1);
    testProject = updated.body;
  });

  // --- quote, rounding, price --------------------------------------------------------------------

  it('rounds up by the mandant rule (muster 0.1 t, printco 1 t) and prices in integer minor units', async () => {
    const calc = demoCalculations[0]!;
    const quote = await as<OrderQuote>(
      EDITOR,
      'GET',
      `/api/orders/quote?project_id=${testProject.id}&calculation_id=${calc.id}`,
    );
    expect(quote.status).toBe(200);
    expect(quote.body.rounding_kg).toBe(100);
    expect(quote.body.tonnes_kg).toBe(Math.ceil(calc.total_co2e / 100) * 100);
    expect(quote.body.total_minor).toBe(Math.round((quote.body.tonnes_kg * 1234) / 1000));
    expect(Number.isInteger(quote.body.total_minor)).toBe(true);

    const printcoCalc = (
      await as<CalculationRecord[]>('editor@printco.example', 'GET', '/api/calculations?range=[0,0]')
    ).body[0]!;
    const printco = await as<OrderQuote>(
      'editor@printco.example',
      'GET',
      `/api/orders/quote?project_id=${testProject.id}&calculation_id=${printcoCalc.id}`,
    );
    expect(printco.body.rounding_kg).toBe(1000);
    expect(printco.body.tonnes_kg).toBe(Math.ceil(printcoCalc.total_co2e / 1000) * 1000);
    expect(printco.body.issued_to).toBe('Print & Co');
  });

  // --- lifecycle ---------------------------------------------------------------------------------

  it('runs the lifecycle draft → placed → confirmed → completed with the allowed role per step', async () => {
    const calc = await freshCalculation();
    const stockBefore = (await project(testProject.id)).tonnes_available_kg;

    expect(
      (
        await as('viewer@muster.example', 'POST', '/api/orders', {
          project_id: testProject.id,
          calculation_id: calc.id,
        })
      ).status,
    ).toBe(403);
    const created = await as<OrderRecord>(EDITOR, 'POST', '/api/orders', {
      project_id: testProject.id,
      calculation_id: calc.id,
      issued_to: 'Druckerei Muster GmbH',
    });
    expect(created.status).toBe(201);
    const draft = created.body;
    expect(draft).toMatchObject({
      status: 'draft',
      calculation_ids: [calc.id],
      currency: 'EUR',
      price_per_tonne_minor: 1234,
      issued_to: 'Druckerei Muster GmbH',
    });
    expect(draft.number).toMatch(/^B-\d{4}-\d{6}$/);
    expect(draft.tonnes_kg).toBe(Math.ceil(calc.total_co2e / 100) * 100);
    // A draft reserves nothing and freezes nothing.
    expect((await project(testProject.id)).tonnes_available_kg).toBe(stockBefore);
    expect((await calculation(calc.id)).frozen).toBe(false);

    // Roles per transition.
    expect((await as('viewer@muster.example', 'POST', `/api/orders/${draft.id}/place`)).status).toBe(403);
    expect((await as(PROVIDER, 'POST', `/api/orders/${draft.id}/place`)).status).toBe(403);
    expect((await as('editor@printco.example', 'POST', `/api/orders/${draft.id}/place`)).status).toBe(404);
    const early = await as(PROVIDER, 'POST', `/api/orders/${draft.id}/confirm`);
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/confirm/);

    const placed = await as<OrderRecord>(EDITOR, 'POST', `/api/orders/${draft.id}/place`);
    expect(placed.status).toBe(200);
    expect(placed.body.status).toBe('placed');
    expect(placed.body.placed_at).not.toBeNull();
    expect((await project(testProject.id)).tonnes_available_kg).toBe(stockBefore - draft.tonnes_kg);
    expect((await calculation(calc.id)).frozen).toBe(true);
    expect((await as(EDITOR, 'POST', `/api/orders/${draft.id}/place`)).status).toBe(409);

    expect((await as(EDITOR, 'POST', `/api/orders/${draft.id}/confirm`)).status).toBe(403);
    expect((await as('admin@muster.example', 'POST', `/api/orders/${draft.id}/confirm`)).status).toBe(403);
    expect((await as(PROVIDER, 'POST', `/api/orders/${draft.id}/complete`)).status).toBe(409);
    const confirmed = await as<OrderRecord>(PROVIDER, 'POST', `/api/orders/${draft.id}/confirm`);
    expect(confirmed.body.status).toBe('confirmed');
    expect((await as(EDITOR, 'GET', `/api/orders/${draft.id}/certificate.pdf`)).status).toBe(409);
    expect((await as(EDITOR, 'POST', `/api/orders/${draft.id}/complete`)).status).toBe(403);
    const completed = await as<OrderRecord>(PROVIDER, 'POST', `/api/orders/${draft.id}/complete`);
    expect(completed.body.status).toBe('completed');
    expect(completed.body.certificate_number).toMatch(/^KC-\d{4}-\d{6}$/);
    expect((await as(PROVIDER, 'POST', `/api/orders/${draft.id}/cancel`)).status).toBe(409);
    expect((await as(EDITOR, 'DELETE', `/api/orders/${draft.id}`)).status).toBe(409);

    // Each transition is in the protocol.
    const protocol = await as<ProtocolEntryRecord[]>(
      'admin@muster.example',
      'GET',
      `/api/protocol?filter=${encodeURIComponent(JSON.stringify({ resource: 'orders', record_id: String(draft.id) }))}&sort=["id","ASC"]`,
    );
    expect(protocol.body.map((e) => e.action)).toEqual(['created', 'ordered', 'status_changed', 'status_changed']);
    expect(protocol.body[3]!.changes?.status).toMatchObject({ old: 'confirmed', new: 'completed' });

    // Documents.
    const certificate = await fetch(`${ctx.baseUrl}/api/orders/${draft.id}/certificate.pdf`, {
      headers: { authorization: `Bearer ${await token(EDITOR)}` },
    });
    expect(certificate.status).toBe(200);
    expect(certificate.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await certificate.arrayBuffer());
    expect(Buffer.from(bytes.slice(0, 5)).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(bytes);
    expect(text).toContain(completed.body.certificate_number!);
    expect(text).toContain('Druckerei Muster GmbH');
    expect(text).toContain('Zertifikat über einen Klimabeitrag');
    expect(text).not.toMatch(/Kompensation/);
    expect(text).not.toMatch(/klimaneutral\b(?! ist)/i);
    expect((await PDFDocument.load(bytes)).getSubject()).toBe(completed.body.certificate_number);

    const englishToken = await token('editor@printco.example');
    expect(
      (
        await fetch(`${ctx.baseUrl}/api/orders/${draft.id}/certificate.pdf`, {
          headers: { authorization: `Bearer ${englishToken}` },
        })
      ).status,
    ).toBe(404);

    const confirmation = await fetch(`${ctx.baseUrl}/api/orders/${draft.id}/confirmation.pdf`, {
      headers: { authorization: `Bearer ${await token(PROVIDER)}` },
    });
    expect(confirmation.status).toBe(200);
    const confirmationText = await pdfText(new Uint8Array(await confirmation.arrayBuffer()));
    expect(confirmationText).toContain(draft.number);
  });

  // Issue 33, item 6 reversed what this test checked: the certificate once listed every "covered" calculation with its
  // kg CO2e, which reads as "these products are compensated" (EU 2024/825). It now names the project, its country and
  // registry id and the tonnes retired, and no calculation.
  it('names project, country, example registry id and tonnes retired in the reader\u2019s words, and no covered calculation', async () => {
    // A registry id as the demo projects carry it: an example, with an English note in the data.
    const forest = await newProject({ country: 'PE', registry_id: 'EXAMPLE-0004 (not a real registry id)' });
    const covered: CalculationRecord[] = [];
    for (let i = 0; i < 5; i++) covered.push(await freshCalculation());
    const collection = await as<{ id: number }>(EDITOR, 'POST', '/api/collections', {
      name: 'Certificate list',
      calculation_ids: covered.map((c) => c.id),
    });
    expect(collection.status).toBe(201);
    const order = (
      await as<OrderRecord>(EDITOR, 'POST', '/api/orders', { project_id: forest.id, collection_id: collection.body.id })
    ).body;
    expect(order.calculation_ids).toHaveLength(5);
    for (const [who, step] of [
      [EDITOR, 'place'],
      [PROVIDER, 'confirm'],
    ] as const) {
      expect((await as(who, 'POST', `/api/orders/${order.id}/${step}`)).status).toBe(200);
    }
    // Completing records the registry serial numbers of the units the provider retired; the certificate prints them.
    const serials = 'EXAMPLE-0004-2026-000101 to EXAMPLE-0004-2026-000104';
    expect((await as(PROVIDER, 'POST', `/api/orders/${order.id}/complete`, { registry_serials: 42 })).status).toBe(400);
    const completed = await as<OrderRecord>(PROVIDER, 'POST', `/api/orders/${order.id}/complete`, {
      registry_serials: ` ${serials} `,
    });
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    expect(completed.body.registry_serials).toBe(serials);
    const certificate = async () => {
      const res = await fetch(`${ctx.baseUrl}/api/orders/${order.id}/certificate.pdf`, {
        headers: { authorization: `Bearer ${await token(EDITOR)}` },
      });
      expect(res.status).toBe(200);
      const bytes = new Uint8Array(await res.arrayBuffer());
      return { lines: (await pdfText(bytes)).split('\n'), pages: (await PDFDocument.load(bytes)).getPageCount() };
    };

    const german = await certificate();
    expect(german.pages).toBe(1);
    expect(german.lines).toContain('Peru');
    expect(german.lines).not.toContain('PE');
    expect(german.lines).toContain('EXAMPLE-0004 (keine echte Registernummer)');
    expect(german.lines.join('\n')).not.toMatch(/not a real/);
    expect(german.lines).toContain('Stillgelegte Menge');
    expect(german.lines).toContain('Registerseriennummern');
    expect(german.lines.join(' ')).toContain('EXAMPLE-0004-2026-000101');
    expect(german.lines.join('\n')).not.toMatch(/Abgedeckte Kalkulationen|Kompensation/);
    for (const calculation of covered) expect(german.lines).not.toContain(calculation.number);
    expect(german.lines).not.toContain(covered[0]!.title);
    expect(german.lines.join('\n')).toMatch(/Seite 1 von 1$/m);

    await ctx.db.updateTable('users').set({ language: 'fr' }).where('email', '=', EDITOR).execute();
    try {
      const french = await certificate();
      expect(french.lines).toContain('Pérou');
      // A value wider than its column wraps (DejaVu Sans is wider than Helvetica was): read across the lines.
      expect(french.lines.join(' ')).toContain('EXAMPLE-0004 (pas un vrai identifiant de registre)');
      expect(french.lines).toContain('Quantité retirée');
      expect(french.lines.join('\n')).not.toMatch(/Calculs couverts|compensation/i);
      expect(french.lines.some((line) => line.endsWith(`Page 1 sur ${french.pages}`))).toBe(true);
    } finally {
      await ctx.db.updateTable('users').set({ language: 'de' }).where('email', '=', EDITOR).execute();
    }
  }, 120_000);

  it('freezes ordered calculations: edit and delete answer 409, duplicate still works', async () => {
    const calc = await freshCalculation();
    const order = (
      await as<OrderRecord>(EDITOR, 'POST', '/api/orders', { project_id: testProject.id, calculation_id: calc.id })
    ).body;
    expect((await as(EDITOR, 'POST', `/api/orders/${order.id}/place`)).status).toBe(200);
    const frozen = await calculation(calc.id);
    // The record names the order that froze it: the calculation's page links it (issue #34).
    expect(frozen.locked_by).toEqual({ id: order.id, number: order.number });
    expect((await calculation((await freshCalculation()).id)).locked_by).toBeUndefined();
    const edit = await as(EDITOR, 'PUT', `/api/calculations/${calc.id}`, { ...frozen, customer: 'Someone else' });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toMatch(/order|Bestellung/i);
    expect((await as(EDITOR, 'DELETE', `/api/calculations/${calc.id}`)).status).toBe(409);
    const duplicate = await as<CalculationRecord>(EDITOR, 'POST', '/api/calculations', { duplicated_from: calc.id });
    expect(duplicate.status).toBe(201);
    expect(duplicate.body.frozen).toBe(false);
    // Ordering it again is refused, in draft and at placing.
    const again = await as(EDITOR, 'POST', '/api/orders', { project_id: testProject.id, calculation_id: calc.id });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain(calc.number);
  });

  it('refuses placing a second draft for a calculation another order froze meanwhile', async () => {
    const calc = await freshCalculation();
    const first = (
      await as<OrderRecord>(EDITOR, 'POST', '/api/orders', { project_id: testProject.id, calculation_id: calc.id })
    ).body;
    const second = (
      await as<OrderRecord>('admin@muster.example', 'POST', '/api/orders', {
        project_id: testProject.id,
        calculation_id: calc.id,
      })
    ).body;
    expect((await as(EDITOR, 'POST', `/api/orders/${first.id}/place`)).status).toBe(200);
    const stock = (await project(testProject.id)).tonnes_available_kg;
    const refused = await as<OrderRecord>('admin@muster.example', 'POST', `/api/orders/${second.id}/place`);
    expect(refused.status).toBe(409);
    expect((await as<OrderRecord>(EDITOR, 'GET', `/api/orders/${second.id}`)).body.status).toBe('draft');
    expect((await project(testProject.id)).tonnes_available_kg).toBe(stock);
  });

  it('cancels: a draft by its mandant, a placed order releases the tonnes and unfreezes', async () => {
    const calc = await freshCalculation();
    const order = (
      await as<OrderRecord>(EDITOR, 'POST', '/api/orders', { project_id: testProject.id, calculation_id: calc.id })
    ).body;
    const before = (await project(testProject.id)).tonnes_available_kg;
    await as(EDITOR, 'POST', `/api/orders/${order.id}/place`);
    expect((await project(testProject.id)).tonnes_available_kg).toBe(before - order.tonnes_kg);
    expect((await as('viewer@muster.example', 'POST', `/api/orders/${order.id}/cancel`)).status).toBe(403);
    const cancelled = await as<OrderRecord>('admin@muster.example', 'POST', `/api/orders/${order.id}/cancel`);
    expect(cancelled.body.status).toBe('cancelled');
    expect((await project(testProject.id)).tonnes_available_kg).toBe(before);
    expect((await calculation(calc.id)).frozen).toBe(false);
    expect((await as(EDITOR, 'POST', `/api/orders/${order.id}/place`)).status).toBe(409);

    const draft = (
      await as<OrderRecord>(EDITOR, 'POST', '/api/orders', { project_id: testProject.id, calculation_id: calc.id })
    ).body;
    expect((await as<OrderRecord>(PROVIDER, 'POST', `/api/orders/${draft.id}/cancel`)).body.status).toBe('cancelled');
    expect((await project(testProject.id)).tonnes_available_kg).toBe(before);
  });

  it('orders the open calculations of a collection', async () => {
    const a = await freshCalculation();
    const b = await freshCalculation();
    const collection = await as<{ id: number }>(EDITOR, 'POST', '/api/collections', {
      name: 'Order test',
      calculation_ids: [a.id, b.id],
    });
    expect(collection.status).toBe(201);
    const res = await as<OrderRecord>(EDITOR, 'POST', '/api/orders', {
      project_id: testProject.id,
      collection_id: collection.body.id,
    });
    expect(res.status).toBe(201);
    expect(res.body.collection_id).toBe(collection.body.id);
    expect(res.body.calculation_ids.sort()).toEqual([a.id, b.id].sort());
    expect(res.body.tonnes_kg).toBe(Math.ceil((a.total_co2e + b.total_co2e) / 100 - 1e-9) * 100);
    expect((await as(EDITOR, 'POST', `/api/orders/${res.body.id}/place`)).status).toBe(200);
    expect((await calculation(a.id)).frozen && (await calculation(b.id)).frozen).toBe(true);
    const again = await as(EDITOR, 'POST', '/api/orders', {
      project_id: testProject.id,
      collection_id: collection.body.id,
    });
    expect(again.status).toBe(409);
    // Several calculations read as plural (issue #18 item 7), whatever the reader's language.
    expect(again.body.message).toContain(`${a.number}, ${b.number}`);
    expect(again.body.message).toMatch(
      /diese Kalkulationen|these calculations|ces calculs|questi calcoli|estos cálculos/,
    );
    expect(
      (
        await as('editor@printco.example', 'POST', '/api/orders', {
          project_id: testProject.id,
          collection_id: collection.body.id,
        })
      ).status,
    ).toBe(404);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const calc = await freshCalculation();
    const printcoCalc = (
      await as<CalculationRecord[]>('editor@printco.example', 'GET', '/api/calculations?range=[0,0]')
    ).body[0]!;
    const count = await orderCount();
    const inactive = await newProject({ active: false });
    const tiny = await newProject({ tonnes_available_kg: 100 });

    const cases: Array<[object, number, RegExp]> = [
      [{ project_id: testProject.id, calculation_id: printcoCalc.id }, 404, /does not exist|gibt es nicht/],
      [{ project_id: inactive.id, calculation_id: calc.id }, 400, /not active|nicht aktiv/],
      [{ project_id: 999_999, calculation_id: calc.id }, 400, /project|Projekt/],
      [{ project_id: tiny.id, calculation_id: calc.id }, 409, /enough|genug/],
      [{ project_id: testProject.id }, 400, /calculation|Kalkulation/],
      [{ project_id: testProject.id, calculation_id: calc.id, collection_id: 1 }, 400, /calculation|Kalkulation/],
      [{ project_id: 0, calculation_id: calc.id }, 400, /./],
    ];
    for (const [body, status, message] of cases) {
      const res = await as(EDITOR, 'POST', '/api/orders', body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.message).toMatch(message);
    }

    // Zero tonnes: a calculation with a total of 0 kg CO2e.
    const zero = await freshCalculation();
    await ctx.db
      .updateTable('calculation_state')
      .set({ total_co2e: 0 })
      .where('calculation_id', '=', zero.id)
      .execute();
    const zeroRes = await as(EDITOR, 'POST', '/api/orders', { project_id: testProject.id, calculation_id: zero.id });
    expect(zeroRes.status).toBe(400);
    expect(zeroRes.body.message).toMatch(/0 kg/);

    // A project deactivated after the draft cannot be placed.
    const later = await newProject();
    const draft = (
      await as<OrderRecord>(EDITOR, 'POST', '/api/orders', { project_id: later.id, calculation_id: calc.id })
    ).body;
    await as(PROVIDER, 'PUT', `/api/carbon-offset-projects/${later.id}`, { active: false });
    expect((await as(EDITOR, 'POST', `/api/orders/${draft.id}/place`)).status).toBe(400);
    expect((await calculation(calc.id)).frozen).toBe(false);
    expect((await project(later.id)).tonnes_available_kg).toBe(PROJECT_BODY.tonnes_available_kg);
    expect(await orderCount()).toBe(count + 1);
  });

  it('keeps orders per mandant and filters the list by status', async () => {
    const printco = await as<OrderRecord[]>('editor@printco.example', 'GET', '/api/orders');
    expect(printco.status).toBe(200);
    expect(printco.body).toEqual([]);
    const placed = await as<OrderRecord[]>(EDITOR, 'GET', '/api/orders?filter={"status":"placed"}&range=[0,99]');
    expect(placed.body.length).toBeGreaterThan(0);
    expect(placed.body.every((o) => o.status === 'placed')).toBe(true);
    expect(placed.headers.get('content-range')).toMatch(/^orders 0-\d+\/\d+$/);
    const all = await as<OrderRecord[]>(PROVIDER, 'GET', '/api/orders?range=[0,999]');
    expect(all.body.length).toBeGreaterThanOrEqual(placed.body.length);
  });

  // --- concurrency -------------------------------------------------------------------------------

  it('sells exactly the stock when 50 place requests race for stock of 10 orders', async () => {
    const source = demoCalculations[1]!;
    const mandantId = source.mandant_id;
    const row = await selectCalculations(ctx.db).where('calculations.id', '=', source.id).executeTakeFirstOrThrow();
    const { id: _id, ...copy } = row;
    // PostgreSQL answers jsonb parsed; write it back as JSON text like the application does.
    for (const key of ['tags', 'inputs', 'results'] as const)
      if (typeof copy[key] !== 'string') copy[key] = JSON.stringify(copy[key]);
    const ids: number[] = [];
    for (let i = 0; i < 50; i++) {
      ids.push(
        await insertCalculation(ctx.db, {
          ...copy,
          number: `K-RACE-${String(i).padStart(3, '0')}`,
          frozen: false,
          version: 1,
        }),
      );
    }
    expect(ids).toHaveLength(50);
    const race = await newProject({ tonnes_available_kg: 10_000_000 });
    const drafts: OrderRecord[] = [];
    for (const id of ids) {
      const res = await as<OrderRecord>(EDITOR, 'POST', '/api/orders', { project_id: race.id, calculation_id: id });
      expect(res.status).toBe(201);
      drafts.push(res.body);
    }
    const perOrder = drafts[0]!.tonnes_kg;
    expect(drafts.every((d) => d.tonnes_kg === perOrder && d.mandant_id === mandantId)).toBe(true);
    await ctx.db
      .updateTable('offset_projects')
      .set({ tonnes_available_kg: perOrder * 10 })
      .where('id', '=', race.id)
      .execute();

    const editorToken = await token(EDITOR);
    const results = await Promise.all(
      drafts.map((d) => ctx.request<Answer<OrderRecord>>('POST', `/api/orders/${d.id}/place`, { token: editorToken })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    expect((await project(race.id)).tonnes_available_kg).toBe(0);
    const placedOrders = await ctx.db
      .selectFrom('orders')
      .select('calculation_id')
      .where('project_id', '=', race.id)
      .where('status', '=', 'placed')
      .execute();
    expect(placedOrders).toHaveLength(10);
    const frozen = await ctx.db
      .selectFrom('calculations')
      .select('id')
      .where('id', 'in', ids)
      .where('frozen', '=', true)
      .execute();
    expect(frozen.map((r) => r.id).sort()).toEqual(placedOrders.map((r) => r.calculation_id).sort());
  }, 60_000);
});
