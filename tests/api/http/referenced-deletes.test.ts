/**
 * Deletes that other records still refer to answer 409 with a message that says why — on SQLite too,
 * where a foreign key used to surface as a 500 — and leave everything in place.
 */
import { expect, it } from 'vitest';
import type {
  ApiErrorBody,
  CalculationRecord,
  MandantRecord,
  OffsetProjectRecord,
  OrderRecord,
} from '../../../src/core/api';
import { describeEachDatabase } from '../harness';

describeEachDatabase('deleting what others refer to', (ctx) => {
  it('an offset project that orders use answers 409, says why, and stays', async () => {
    const provider = await ctx.login('admin@kontor.example');
    const editor = await ctx.login('editor@muster.example');
    const projects = (
      await ctx.request<OffsetProjectRecord[]>('GET', '/api/carbon-offset-projects', { token: provider })
    ).body;
    const calcs = (await ctx.request<CalculationRecord[]>('GET', '/api/calculations', { token: editor })).body;
    const project = projects[0]!;
    const order = await ctx.request<OrderRecord>('POST', '/api/orders', {
      token: editor,
      body: { project_id: project.id, calculation_id: calcs[0]!.id },
    });
    expect(order.status).toBe(201);

    const res = await ctx.request<ApiErrorBody>('DELETE', `/api/carbon-offset-projects/${project.id}`, {
      token: provider,
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(
      /Bestellungen verweisen auf dieses Klimaschutzprojekt.*Deaktivieren Sie es stattdessen/,
    );
    expect((await ctx.request('GET', `/api/carbon-offset-projects/${project.id}`, { token: provider })).status).toBe(
      200,
    );
    expect((await ctx.request('GET', `/api/orders/${order.body.id}`, { token: editor })).status).toBe(200);
  });

  it('a mandant with calculations but no users answers 409, says why, and stays', async () => {
    const provider = await ctx.login('admin@kontor.example');
    const mandant = await ctx.request<MandantRecord>('POST', '/api/mandants', {
      token: provider,
      body: { name: 'Leer & Co', slug: 'leer-co' },
    });
    expect(mandant.status).toBe(201);
    const template = (await ctx.db.selectFrom('calculations').select('template_id').executeTakeFirstOrThrow())
      .template_id;
    const source = await ctx.db
      .selectFrom('calculations')
      .select(['inputs', 'title'])
      .where('template_id', '=', template)
      .executeTakeFirstOrThrow();
    const inputs = typeof source.inputs === 'string' ? JSON.parse(source.inputs) : source.inputs;
    const calculation = await ctx.request<CalculationRecord>('POST', '/api/calculations', {
      token: provider,
      body: { template_id: template, title: 'Kept', inputs, mandant_id: mandant.body.id },
    });
    expect(calculation.status).toBe(201);

    const res = await ctx.request<ApiErrorBody>('DELETE', `/api/mandants/${mandant.body.id}`, { token: provider });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('Kalkulationen, Sammlungen oder Bestellungen');
    expect((await ctx.request('GET', `/api/calculations/${calculation.body.id}`, { token: provider })).status).toBe(
      200,
    );
    expect((await ctx.request('GET', `/api/mandants/${mandant.body.id}`, { token: provider })).status).toBe(200);
  });
});
