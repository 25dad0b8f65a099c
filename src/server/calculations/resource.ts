/**
 * The `calculations` resource on the simple-rest plumbing (rest-resource.ts): tenant-scoped,
 * every write in one transaction with its protocol entry. What it adds:
 * - create/update validate `inputs` against the template and COMPUTE the results with the
 *   chosen factor database; results, totals and numbers a client sends are dropped;
 * - the number `K-<year>-<6 digits>` is allocated inside the insert's transaction;
 * - `filter={"tags":"x"}` (or a list: all of them) via the calculation_tags index;
 * - `filter={"inputs":{"format":"A4"}}` by the template fields the templates list as filters (input-filters.ts);
 * - a duplicate is a POST with `duplicated_from` (the original's id, which must be visible);
 *   without `inputs` it copies the original's. It gets a new number.
 * - frozen calculations (ordered) cannot be changed or deleted (409).
 */
import { sql, type Kysely } from 'kysely';
import { CalculationListRecord, CalculationRecord, CalculationWrite, type SessionUser } from '../../core/api';
import { usesDraftTemplates } from '../../core/access/policy';
import type { DatabaseSchema } from '../db/schema';
import { badRequest, conflict } from '../refusals';
import type { RestContext, RestResourceDefinition, Row } from '../http/rest-resource';
import { mandantForNewRow, scopeToMandant } from '../http/tenant-scope';
import type { TemplateRegistry } from '../templates/registry';
import { resolveProductionSet } from '../machines/production';
import { CALCULATION_COLUMNS, CALCULATION_SEARCHABLE, tagFilterValues } from './list';
import { inputsFilter } from './input-filters';
import { calculationMessage } from './messages';
import { allocateCalculationNumber } from './number';
import { computeColumns, mergeTemplateFields, resolveFactorSet, resolveTemplate } from './prepare';
import { sameJson, toCalculationListRows, toCalculationRecords } from './record';
import { hasTag, writeCalculationTags } from './tags';
import { calculationSearch } from './search';
import { countCalculations } from './list-counts';
import { withChannelNames } from './channel-names';
import { selectCalculations } from './state';
import { calculationStore } from './store';
import type { Dialect } from '../db/database';

/** A write body whose optional ids are absent rather than null. */
type GivenWrite = { [K in keyof CalculationWrite]: Exclude<CalculationWrite[K], null> };

/** The body with the properties sent as null that mean "not given" dropped. */
function given(body: Row): GivenWrite {
  const copy: Row = { ...body };
  for (const key of ['template_version', 'database_id', 'mandant_id', 'duplicated_from'])
    if (copy[key] === null) delete copy[key];
  return copy as GivenWrite;
}

function titleOf(title: string | undefined, fallback: string): string {
  const trimmed = title?.trim();
  return trimmed ? trimmed : fallback;
}

function normaliseCustomer(customer: string | null | undefined): string | null {
  const trimmed = customer?.trim();
  return trimmed ? trimmed : null;
}

/** The number of the calculation a request duplicates, for its protocol entry ("… als Kopie von K-2026-000001"). */
const duplicatedNumbers = new WeakMap<object, string>();

/** The calculation a duplicate copies: must be visible to the caller (else 400, no hint about others' data). */
async function findOriginal(
  db: Kysely<DatabaseSchema>,
  templates: TemplateRegistry,
  user: SessionUser,
  id: number,
): Promise<CalculationRecord> {
  const row = await scopeToMandant(selectCalculations(db), user, 'calculations.mandant_id')
    .where('calculations.id', '=', id)
    .executeTakeFirst();
  if (!row) {
    const message = calculationMessage('unknownOriginal');
    throw badRequest(message, { duplicated_from: message });
  }
  const [record] = await toCalculationRecords(db, [row], (templateId, version) =>
    templates.resolve(templateId, version),
  );
  return record!;
}

/** The mandant a new calculation belongs to: the user's own; a provider admin must name an existing one. */
async function mandantOf(
  db: Kysely<DatabaseSchema>,
  user: SessionUser,
  requested: number | undefined,
): Promise<number> {
  const mandantId = mandantForNewRow(user, requested);
  if (mandantId === null)
    throw badRequest(calculationMessage('mandantRequired'), { mandant_id: calculationMessage('mandantRequired') });
  if (mandantId !== user.mandant_id) {
    const exists = await db.selectFrom('mandants').select('id').where('id', '=', mandantId).executeTakeFirst();
    if (!exists)
      throw badRequest(calculationMessage('unknownMandant'), { mandant_id: calculationMessage('unknownMandant') });
  }
  return mandantId;
}

/** A new calculation's columns: its inputs checked against the template, its results computed (POST). */
async function createdColumns(templates: TemplateRegistry, raw: Row, ctx: RestContext): Promise<Row> {
  const { db, user } = ctx;
  const lang = user.language;
  const body = given(raw);
  const original =
    body.duplicated_from !== undefined ? await findOriginal(db, templates, user, body.duplicated_from) : undefined;
  if (original) duplicatedNumbers.set(ctx.request, original.number);
  const mandantId = await mandantOf(db, user, body.mandant_id ?? original?.mandant_id);
  const templateId = body.template_id ?? original?.template_id;
  if (templateId === undefined) {
    throw badRequest(calculationMessage('unknownTemplate'), { template_id: calculationMessage('unknownTemplate') });
  }
  // A bare duplicate keeps the original's template version: its inputs belong to that version, and a template
  // migration moves it on later.
  const templateVersion =
    body.template_version ?? (body.template_id === undefined ? original?.template_version : undefined);
  const template = resolveTemplate(templates, templateId, templateVersion, {
    allowDraft: usesDraftTemplates(user.role),
  });
  const factors = await resolveFactorSet(db, mandantId, body.database_id);
  const production = await resolveProductionSet(db, mandantId);
  const inputs = mergeTemplateFields(template, body.inputs ?? original?.inputs ?? {}, body.title, body.tags);
  const { computed: _computed, ...columns } = computeColumns(template, inputs, factors, lang, production);
  return {
    ...columns,
    mandant_id: mandantId,
    // Last, so a rejected request never uses up a number; the counter row stays locked until commit.
    number: await allocateCalculationNumber(db, mandantId),
    title: columns.title ?? titleOf(body.title, template.id),
    tags: columns.tags ?? JSON.stringify(body.tags ?? []),
    customer: normaliseCustomer(body.customer),
    status: body.status ?? 'draft',
    created_by: user.id,
    updated_by: user.id,
    duplicated_from: original?.id ?? null,
    import_id: null,
    frozen: false,
  };
}

/** The columns an update changes: recomputed where inputs, database, template version, title or tags change (PUT). */
async function updatedColumns(
  templates: TemplateRegistry,
  raw: Row,
  existing: CalculationRecord,
  ctx: RestContext,
): Promise<Row> {
  const { db, user } = ctx;
  const lang = user.language;
  const body = given(raw);
  if (body.template_id !== undefined && body.template_id !== existing.template_id) {
    throw badRequest(calculationMessage('templateChange'), { template_id: calculationMessage('templateChange') });
  }
  if (body.mandant_id !== undefined && body.mandant_id !== existing.mandant_id) {
    throw badRequest(calculationMessage('mandantChange'), { mandant_id: calculationMessage('mandantChange') });
  }
  const values: Row = {};
  const recompute =
    body.inputs !== undefined ||
    (body.database_id !== undefined && body.database_id !== existing.database_id) ||
    body.template_version !== undefined ||
    body.title !== undefined ||
    body.tags !== undefined;
  if (recompute) {
    const version = body.template_version ?? existing.template_version;
    const template = resolveTemplate(templates, existing.template_id, version, {
      allowDraft: usesDraftTemplates(user.role) || version === existing.template_version,
    });
    const requested =
      body.database_id !== undefined && body.database_id !== existing.database_id ? body.database_id : undefined;
    const factors = await resolveFactorSet(db, existing.mandant_id, requested, existing.database_id);
    const inputs =
      body.inputs !== undefined
        ? mergeTemplateFields(template, body.inputs, body.title, body.tags)
        : mergeTemplateFields(template, existing.inputs, body.title, body.tags, true);
    // A calculation keeps the machine set it read (a migration moves it); one that read none takes the current set.
    const production = await resolveProductionSet(db, existing.mandant_id, existing.machine_set_id);
    const { computed, ...columns } = computeColumns(template, inputs, factors, lang, production);
    const { title, tags, ...figures } = columns;
    const changed =
      !sameJson(computed.inputs, existing.inputs) ||
      !sameJson(computed.results, existing.results) ||
      figures.template_version !== existing.template_version ||
      figures.database_id !== existing.database_id ||
      figures.machine_set_id !== existing.machine_set_id;
    if (changed) Object.assign(values, figures);
    const newTitle = title ?? (body.title !== undefined ? titleOf(body.title, existing.title) : existing.title);
    if (newTitle !== existing.title) values.title = newTitle;
    const newTags = tags ?? (body.tags !== undefined ? JSON.stringify(body.tags) : undefined);
    if (newTags !== undefined && newTags !== JSON.stringify(existing.tags)) values.tags = newTags;
  }
  if (body.customer !== undefined && normaliseCustomer(body.customer) !== existing.customer)
    values.customer = normaliseCustomer(body.customer);
  if (body.status !== undefined && body.status !== existing.status) values.status = body.status;
  if (Object.keys(values).length === 0) return values;
  if (existing.frozen) throw conflict(calculationMessage('frozen'));
  values.updated_by = user.id;
  return values;
}

export function calculationsResource(
  templates: TemplateRegistry,
  dialect: Dialect,
): RestResourceDefinition<CalculationRecord> {
  const filterByInputs = inputsFilter(templates);
  const resolve = (id: string, version: number) => templates.resolve(id, version);
  return {
    name: 'calculations',
    table: 'calculations',
    store: calculationStore(dialect),
    tenantColumn: 'mandant_id',
    columns: CALCULATION_COLUMNS,
    searchable: CALCULATION_SEARCHABLE,
    search: calculationSearch(dialect),
    countCapped: true,
    count: countCalculations,
    customFilters: {
      inputs: (value, ctx) => filterByInputs(value, ctx.db),
      tags: (value) => {
        const tags = tagFilterValues(value);
        return tags.length === 0 ? sql<boolean>`1 = 1` : sql<boolean>`(${sql.join(tags.map(hasTag), sql` and `)})`;
      },
    },
    access: 'calculations',
    toRecords: async (rows, ctx) => toCalculationRecords(ctx.db, await withChannelNames(ctx.db, rows), resolve),
    recordSchema: CalculationRecord,
    // A page of 25 with every breakdown weighed ~140 KB; a list shows none of it.
    listRows: {
      schema: CalculationListRecord,
      toRows: async (rows, ctx) =>
        toCalculationListRows(await withChannelNames(ctx.db, rows), templates.list(), resolve),
    },
    createSchema: CalculationWrite,
    updateSchema: CalculationWrite,

    beforeCreate: (raw, ctx) => createdColumns(templates, raw, ctx),

    beforeUpdate: (raw, existing, ctx) => updatedColumns(templates, raw, existing, ctx),

    async beforeDelete(existing, _ctx) {
      if (existing.frozen) throw conflict(calculationMessage('frozen'));
    },

    // Duplicates and status changes are their own protocol actions; the results object is derived from the inputs,
    // so its diff would only repeat the input changes at length.
    protocol: (change, ctx) => ({
      params:
        change.operation === 'create' && duplicatedNumbers.has(ctx.request)
          ? { source: duplicatedNumbers.get(ctx.request)! }
          : undefined,
      action:
        change.operation === 'create' && change.record.duplicated_from
          ? 'duplicated'
          : change.operation === 'update' && change.previous && change.previous.status !== change.record.status
            ? 'status_changed'
            : undefined,
      ignore: ['created_at', 'updated_at', 'version', 'updated_by', 'results'],
    }),

    async onChange(change, ctx: RestContext) {
      // Deletes cascade to calculation_tags; creates and tag changes rewrite the calculation's rows.
      if (change.operation === 'delete') return;
      if (change.previous && sameJson(change.previous.tags, change.record.tags)) return;
      await writeCalculationTags(ctx.db, change.record, change.record.tags);
    },
  };
}
