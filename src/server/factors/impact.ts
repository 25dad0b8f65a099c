/**
 * What a factor database change touches (issue #34), asked before it is made: the database as a whole (publish,
 * roll-out) or one factor's change (value, key, category, removal). Calculations are counted on the database and on the
 * published version it is based on (those a migration would carry over to it); templates count when a formula names
 * the factor or a factor field offers its category; databases are the one changed, its base and copies derived from it.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { ChangeImpact, FactorImpactRequest, type FactorRecord, type ImpactEntry } from '../../core/api';
import { databaseLabel } from '../../core/protocol/describe';
import { localize } from '../../core/rules';
import { fieldTypeOf } from '../../core/field-types';
import { getCompiledTemplate, type Template } from '../../core/template';
import { msg } from '../../core/i18n/error-keys';
import { allowedTo, currentUser } from '../auth/authenticate';
import type { CalculationUsage, UsageRow } from '../templates/calculation-usage';
import { calculationsLink, countEntries, databaseEntries } from '../templates/impact-entries';
import type { DatabaseSchema } from '../db/schema';
import { errorAnswers, forbidden, notFound } from '../http/errors';
import { idParams } from '../http/record-id';
import { typed } from '../http/typed-routes';
import type { TemplateRegistry } from '../templates/registry';
import { mayChangeDatabase } from '../../core/access/policy';
import { visibleDatabase } from './access';
import { toFactorDatabaseRecord, toFactorRecord } from './records';
import { databaseVisibleTo } from './visibility';
import { seesAllMandants } from '../http/tenant-scope';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Does the template reach the factor: a formula names its key, or a factor field offers its category? */
function reaches(template: Template, factor: FactorRecord): boolean {
  const named = new RegExp(`\\bfactor\\(\\s*['"]${escapeRegExp(factor.key)}['"]\\s*\\)`);
  if (template.results.some((result) => named.test(result.formula))) return true;
  return template.groups.some((group) =>
    group.fields.some((field) => fieldTypeOf(field.type).choices === 'factors' && field.category === factor.category),
  );
}

/** Does a calculation use the factor: a result cited it, or a factor field of its category holds its key? */
function uses(row: UsageRow, factor: FactorRecord, templates: TemplateRegistry): boolean {
  if (row.factorKeys.has(factor.key)) return true;
  const template = templates.resolve(row.template_id, row.template_version);
  if (!template) return false;
  const compiled = getCompiledTemplate(template);
  const holds = (fields: typeof compiled.fields, values: unknown) =>
    fields.some(
      ({ field }) =>
        fieldTypeOf(field.type).choices === 'factors' &&
        field.category === factor.category &&
        (values as Record<string, unknown> | null)?.[field.name] === factor.key,
    );
  if (holds(compiled.fields, row.inputs)) return true;
  return compiled.repeatables.some(({ group, fields }) => {
    const items = row.inputs[group.id];
    return Array.isArray(items) && items.some((item) => holds(fields, item));
  });
}

export function registerFactorImpactRoute(
  app: FastifyInstance,
  db: Kysely<DatabaseSchema>,
  usage: Pick<CalculationUsage, 'scan'>,
): void {
  typed(app).post(
    '/api/databases/:id/impact',
    {
      ...allowedTo(app, 'update', 'databases'),
      schema: {
        tags: ['factors'],
        summary:
          'What publishing a factor database, or changing one of its factors (key, category, removal), touches: calculations, templates, databases',
        params: idParams,
        body: FactorImpactRequest,
        response: { 200: ChangeImpact, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request): Promise<ChangeImpact> => {
      const user = currentUser(request);
      const lang = user.language;
      const database = await visibleDatabase(db, user, request.params.id);
      if (!mayChangeDatabase(user, database)) throw forbidden();
      let factor: FactorRecord | undefined;
      if (request.body.factor_id !== undefined) {
        const row = await db
          .selectFrom('factors')
          .selectAll()
          .where('id', '=', request.body.factor_id)
          .where('database_id', '=', database.id)
          .executeTakeFirst();
        if (!row) throw notFound(msg('errors.noRecord', { resource: 'factors', id: request.body.factor_id }));
        factor = toFactorRecord(row);
      }

      let related = db
        .selectFrom('factor_databases')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb('based_on_id', '=', database.id),
            ...(database.based_on_id === null ? [] : [eb('id', '=', database.based_on_id)]),
          ]),
        );
      if (!seesAllMandants(user)) related = related.where(databaseVisibleTo(user.mandant_id));
      const others = (await related.orderBy('id').execute()).map(toFactorDatabaseRecord);
      const base = others.find((other) => other.id === database.based_on_id);
      const lineage = [database.id, ...(base ? [base.id] : [])];

      const templates = app.templates;
      const byTemplate = new Map<string, number>();
      const byDatabase = new Map<number, number>();
      let calculations = 0;
      await usage.scan(db, user, { databaseIds: lineage }, (row) => {
        if (factor && !uses(row, factor, templates)) return;
        calculations++;
        byTemplate.set(row.template_id, (byTemplate.get(row.template_id) ?? 0) + 1);
        byDatabase.set(row.database_id, (byDatabase.get(row.database_id) ?? 0) + 1);
      });

      const templateLabel = (id: string) => {
        const template = templates.versions(id)[0]?.template;
        return template ? localize(template.label, lang, id) : id;
      };
      const reached: ImpactEntry[] = factor
        ? templates
            .ids()
            .map((id) => templates.versions(id)[0]?.template)
            .filter((template): template is Template => template !== undefined && reaches(template, factor))
            .map((template) => ({
              key: template.id,
              label: localize(template.label, lang, template.id),
              count: byTemplate.get(template.id) ?? 0,
              link: `/templates/${encodeURIComponent(template.id)}`,
            }))
        : [];
      const databases: ImpactEntry[] = [database, ...others].map((entry) => ({
        key: String(entry.id),
        label: databaseLabel(entry.name, entry.version_label),
        count: byDatabase.get(entry.id) ?? 0,
        link: `/databases/${entry.id}`,
      }));
      return {
        calculations,
        by_template: countEntries(byTemplate, templateLabel, (id) => calculationsLink({ template_id: id })),
        by_database: await databaseEntries(db, byDatabase),
        templates: reached,
        databases,
        fields: [],
        options: [],
      };
    },
  );
}
