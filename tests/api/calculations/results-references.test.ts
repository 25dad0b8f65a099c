/**
 * Store references, not copies (issue 38, item 2): a calculation on a published factor database stores each factor
 * it read by its key, and value, unit, source, year, region and data quality are read from that immutable version.
 * Provenance stays exactly as it was: for every shipped template version at its defaults, the calculation's record
 * (show page, compare, CSV), its report PDF and its verification snapshot read the same from the row the new code
 * wrote as from the same row in the form the code before wrote (each factor's key, value, unit, year and region
 * copied into the row) — which old rows keep, and which must keep reading as they did.
 */
import { expect, it } from 'vitest';
import {
  CalculationResults,
  FactorUse,
  type ApiErrorBody,
  type CalculationRecord,
  type FactorDatabaseRecord,
  type FactorRecord,
  type PublicationRecord,
} from '../../../src/core/api';
import {
  defaultInputs,
  getCompiledTemplate,
  loadTemplates,
  pruneInputs,
  type Template,
} from '../../../src/core/template';
import { readTemplateFiles } from '../../../src/server/templates/registry';
import { pdfText } from '../../support/pdf-text';
import { describeEachDatabase, type TestContext } from '../harness';

type Answer<T> = T & ApiErrorBody;

const EDITOR = 'editor@muster.example';

const shipped = loadTemplates(readTemplateFiles('schemas/templates').files).templates;

/** A new form at its defaults as the form sends it: hidden fields dropped, a title where the template asks for one. */
function defaultsOf(template: Template) {
  const named = getCompiledTemplate(template).fields.some(({ field }) => field.name === 'title');
  return pruneInputs(template, { ...defaultInputs(template), ...(named && { title: `${template.id} defaults` }) });
}

describeEachDatabase(
  'stored results: references to a published database read as the copies did',
  (ctx: TestContext) => {
    let token: string | undefined;
    const as = async <T>(method: string, url: string, body?: unknown) =>
      ctx.request<Answer<T>>(method, url, { token: (token ??= await ctx.login(EDITOR)), body });
    const pdf = async (url: string) => {
      const response = await fetch(`${ctx.baseUrl}${url}`, {
        headers: { authorization: `Bearer ${(token ??= await ctx.login(EDITOR))}` },
      });
      expect(response.status).toBe(200);
      return pdfText(new Uint8Array(await response.arrayBuffer()));
    };
    /** What a reader sees of a calculation: its record, its report PDF and a verification page's snapshot. */
    const provenance = async (id: number) => {
      const record = await as<CalculationRecord>('GET', `/api/calculations/${id}`);
      expect(record.status).toBe(200);
      const published = await as<PublicationRecord>('POST', `/api/calculations/${id}/publications`, {});
      expect(published.status).toBe(201);
      const row = await ctx.db
        .selectFrom('publications')
        .select('snapshot')
        .where('id', '=', published.body.id)
        .executeTakeFirstOrThrow();
      const { date: _date, ...snapshot } = (
        typeof row.snapshot === 'string' ? JSON.parse(row.snapshot) : row.snapshot
      ) as Record<string, unknown>;
      const verify = await fetch(published.body.url.replace(/^https?:\/\/[^/]+/, ctx.baseUrl));
      expect(verify.status).toBe(200);
      const page = (await verify.text())
        .replaceAll(published.body.url.split('/verify/')[1]!, 'TOKEN')
        // The banner and the head name the minute of publication, which the two publications compared may not share.
        .replace(/(data-testid="verify-banner">)[^<]*/, '$1BANNER')
        .replace(/(<dd>)[^<]* UTC(<\/dd>)/, '$1PUBLISHED$2');
      expect(page).toContain('<dd>PUBLISHED</dd>');
      return {
        results: record.body.results,
        pdf: await pdf(`/api/calculations/${id}/report.pdf`),
        snapshot,
        page,
      };
    };
    const storedResults = async (id: number) => {
      const row = await ctx.db
        .selectFrom('calculation_state')
        .select('results')
        .where('calculation_id', '=', id)
        .executeTakeFirstOrThrow();
      return (typeof row.results === 'string' ? JSON.parse(row.results) : row.results) as {
        factors: unknown[];
        database: { id: number };
      };
    };

    it.each(shipped.map((template) => [`${template.id} v${template.version}`, template] as const))(
      '%s at its defaults',
      async (_name, template) => {
        const created = await as<CalculationRecord>('POST', '/api/calculations', {
          template_id: template.id,
          template_version: template.version,
          status: 'final',
          inputs: defaultsOf(template),
        });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        const id = created.body.id;
        const stored = await storedResults(id);
        // The new form: keys only.
        expect(stored.factors.every((factor) => typeof factor === 'string')).toBe(true);
        const after = await provenance(id);

        // The form the code before this change wrote: every factor's key, value, unit, year and region copied.
        const rows = await ctx.db
          .selectFrom('factors')
          .select(['key', 'value', 'unit', 'year', 'region'])
          .where('database_id', '=', stored.database.id)
          .execute();
        const byKey = new Map(rows.map((row) => [row.key, row]));
        const copies = {
          ...stored,
          factors: (stored.factors as string[]).map((key) => {
            const row = byKey.get(key)!;
            return {
              key,
              value: Number(row.value),
              unit: row.unit,
              year: row.year === null ? null : Number(row.year),
              region: row.region,
            };
          }),
        };
        await ctx.db
          .updateTable('calculation_state')
          .set({ results: JSON.stringify(copies) })
          .where('calculation_id', '=', id)
          .execute();
        const before = await provenance(id);

        expect(after.results).toEqual(before.results);
        expect(after.pdf).toBe(before.pdf);
        expect(after.snapshot).toEqual(before.snapshot);
        expect(after.page).toBe(before.page);
        // And the figures are the database's.
        for (const factor of after.results.factors) {
          const row = byKey.get(factor.key)!;
          expect(factor).toMatchObject({ value: Number(row.value), unit: row.unit, region: row.region });
        }
        expect(JSON.stringify(stored).length).toBeLessThan(JSON.stringify(copies).length + 1);
      },
    );

    it('a row stored in the full form, before compact storage, answers as stored, in the contract\u2019s key order', async () => {
      const brochure = shipped.filter((t) => t.id === 'brochure').sort((a, b) => b.version - a.version)[0]!;
      const created = await as<CalculationRecord>('POST', '/api/calculations', {
        template_id: brochure.id,
        template_version: brochure.version,
        status: 'final',
        inputs: defaultsOf(brochure),
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.id;
      const store = (results: unknown) =>
        ctx.db
          .updateTable('calculation_state')
          .set({ results: JSON.stringify(results) })
          .where('calculation_id', '=', id)
          .execute();
      const compact = await provenance(id);

      // Rows written before compact storage hold the results whole, as the API answered them.
      await store(compact.results);
      const full = await provenance(id);
      expect(full.results).toStrictEqual(compact.results);
      expect(full.pdf).toBe(compact.pdf);
      expect(full.snapshot).toEqual(compact.snapshot);
      expect(full.page).toBe(compact.page);

      // In those rows' own shape (factors with key, value, unit, source and label): answered whole, nothing filled in.
      const oldFactor = ({ key, value, unit, source, label }: FactorUse) => ({
        key,
        value,
        unit,
        source,
        ...(label && { label }),
      });
      const older = {
        ...compact.results,
        breakdown: compact.results.breakdown.map((entry) => ({ ...entry, factors: entry.factors.map(oldFactor) })),
        factors: compact.results.factors.map(oldFactor),
      };
      await store(older);
      const read = await as<CalculationRecord>('GET', `/api/calculations/${id}`);
      expect(read.status).toBe(200);
      expect(read.body.results).toStrictEqual(JSON.parse(JSON.stringify(older)));
      // A request without range (react-admin's getMany) answers the whole results through the list's schema too.
      const many = await as<CalculationRecord[]>(
        'GET',
        `/api/calculations?filter=${encodeURIComponent(JSON.stringify({ id: [id] }))}`,
      );
      expect(many.body.map((record) => record.results)).toStrictEqual([read.body.results]);

      // One key order for every stored form, on both databases (jsonb sorts a row's keys): the contract's.
      const listed = (schema: { properties: object }, value: object) =>
        Object.keys(schema.properties).filter((key) => key in value);
      for (const results of [compact.results, full.results, read.body.results, many.body[0]!.results]) {
        expect(Object.keys(results)).toEqual(listed(CalculationResults, results));
        for (const factor of [...results.factors, ...results.breakdown.flatMap((entry) => entry.factors)])
          expect(Object.keys(factor)).toEqual(listed(FactorUse, factor));
      }
    });

    it('a calculation on a draft database (which may still change) keeps copies of the figures it computed with', async () => {
      const admin = await ctx.login('admin@muster.example');
      const created = await as<CalculationRecord>('POST', '/api/calculations', {
        template_id: 'brochure',
        inputs: defaultsOf(shipped.filter((t) => t.id === 'brochure').sort((a, b) => b.version - a.version)[0]!),
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const draft = await ctx.request<FactorDatabaseRecord>('POST', '/api/databases', {
        token: admin,
        body: { name: 'Muster Entwurf', version_label: 'refs-draft', copy_from_id: created.body.database_id },
      });
      expect(draft.status, JSON.stringify(draft.body)).toBe(201);
      // Only a row kept on a database that is not published computes with it (resolveFactorSet's `keepId`).
      await ctx.db
        .updateTable('calculation_state')
        .set({ database_id: draft.body.id })
        .where('calculation_id', '=', created.body.id)
        .execute();
      const current = await as<CalculationRecord>('GET', `/api/calculations/${created.body.id}`);
      const edited = await as<CalculationRecord>('PUT', `/api/calculations/${created.body.id}`, {
        ...current.body,
        inputs: { ...current.body.inputs, title: 'Auf dem Entwurf' },
      });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      expect(edited.body.database_id).toBe(draft.body.id);
      const stored = await storedResults(created.body.id);
      expect(stored.factors.length).toBeGreaterThan(0);
      for (const factor of stored.factors)
        expect(factor).toMatchObject({ key: expect.any(String), value: expect.any(Number) });

      // The draft changes one of those factors: the calculation still shows the figure it computed with.
      const used = edited.body.results.factors[0]!;
      const row = (
        await ctx.request<FactorRecord[]>(
          'GET',
          `/api/factors?filter=${encodeURIComponent(JSON.stringify({ database_id: draft.body.id }))}&range=[0,999]`,
          { token: admin },
        )
      ).body.find((factor) => factor.key === used.key)!;
      const changed = await ctx.request<FactorRecord>('PUT', `/api/factors/${row.id}`, {
        token: admin,
        body: { value: used.value * 2, year: 1999, region: 'XX' },
      });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      const after = await as<CalculationRecord>('GET', `/api/calculations/${created.body.id}`);
      expect(after.body.results.factors[0]).toMatchObject({
        key: used.key,
        value: used.value,
        unit: used.unit,
        year: used.year,
        region: used.region,
      });
      expect(after.body.total_co2e).toBe(edited.body.total_co2e);
    });
  },
);
