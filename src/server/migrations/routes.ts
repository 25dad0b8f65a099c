/**
 * `/api/migrations`: migrate a mandant's calculations to another factor database, to another
 * version of their template, or onto another of the mandant's machine sets.
 *
 *   GET  /api/migrations, /api/migrations/:id           history (simple-rest dialect, own mandant)
 *   POST /api/migrations {to_database_id, …}            preview: items computed, calculations untouched
 *   POST /api/migrations {kind: "template", template_id, to_template_version, …}
 *                                                       the same for a template version
 *   POST /api/migrations {kind: "machine_set", to_machine_set_id, …}
 *                                                       the same for a published machine set (mandant admins)
 *        … calculation_ids: [...] or filter: {…}        only those calculations, or those a calculations-list filter matches
 *   POST /api/migrations/:id/apply                      ONE transaction; 409 if a calculation changed since the preview
 *   POST /api/migrations/:id/discard                    a preview is dropped
 *   POST /api/migrations/:id/rollback                   exact restore; 409 if a calculation changed since the apply
 *   GET  /api/migration-items?filter={"migration_id":…} the preview's rows (filter, sort, range, q)
 *   GET  /api/migrations/:id/items.csv                  the same rows as CSV (formula cells escaped)
 *
 * Status changes are claimed with `UPDATE … WHERE status = <expected>`: of two users applying the
 * same preview at once, one updates the row, the other finds it no longer previewed and gets 409.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { msg } from '../../core/i18n/error-keys';
import { sql, type Kysely } from 'kysely';
import {
  CreateFactorMigrationRequest,
  FactorMigrationItemRecord,
  FactorMigrationRecord,
  type FactorMigrationStatus,
  type MigrationStep,
  type SessionUser,
} from '../../core/api';
import { can, migratesMachineSets } from '../../core/access/policy';
import { localize } from '../../core/rules';
import type { Template } from '../../core/template';
import { CSV_BOM } from '../../core/csv';
import { allowedTo, currentUser } from '../auth/authenticate';
import type { DatabaseSchema } from '../db/schema';
import { inTransaction } from '../db/in-transaction';
import { isoNow } from '../db/values';
import { findDatabaseFor, loadFactorSet } from '../factors/factor-set';
import { recordColumns } from '../http/list-columns';
import { registerReadOnlyResource } from '../http/read-only-resource';
import { databaseVisibleTo } from '../factors/visibility';
import { sendCsvDownload } from '../http/csv-download';
import { badRequest, conflict, errorAnswers, forbidden, notFound } from '../http/errors';
import { Refusal } from '../refusals';
import { idParams } from '../http/record-id';
import { typed } from '../http/typed-routes';
import { fileResponse } from '../http/openapi';
import { requestLanguage } from '../i18n/translate';
import { mandantForNewRow, rowsOfMandant, scopeToMandant, seesAllMandants } from '../http/tenant-scope';
import { databaseLabel } from '../../core/protocol/describe';
import { recordChange } from '../audit/change';
import type { TemplateRegistry } from '../templates/registry';
import { applyItems, rollbackItems } from './apply';
import { itemsCsvHeader, itemsCsvRows, MIGRATION_ITEM_COLUMNS } from './items-csv';
import { previewItems } from './preview';
import { alreadyOnTarget, checkListFilter, type CalculationSelection } from './selection';
import { loadProductionSet, type ProductionSet } from '../machines/production';
import { databaseTarget, machineSetTarget, templateTarget, type MigrationTarget } from './targets';
import { EMPTY_SUMMARY, toMigrationItemRecord, toMigrationRecord } from './record';
import './tables';

async function findMigration(
  db: Kysely<DatabaseSchema>,
  user: SessionUser,
  id: number,
): Promise<FactorMigrationRecord> {
  const row = await scopeToMandant(
    db.selectFrom('factor_migrations').selectAll().where('id', '=', id),
    user,
    'mandant_id',
  ).executeTakeFirst();
  if (!row) throw notFound(msg('errors.noRecord', { resource: 'migrations', id: id }));
  return toMigrationRecord(row);
}

/** The entry's label ("A → B") and what the migration goes to ("Demo-Faktoren 2024", "Flyer v3"), for its sentence. */
async function labelOf(
  db: Kysely<DatabaseSchema>,
  templates: TemplateRegistry,
  migration: FactorMigrationRecord,
  user: SessionUser,
): Promise<{ label: string; target: string }> {
  if (migration.kind === 'template') {
    const id = migration.template_id ?? '';
    const label = localize(
      (templates.resolve(id, migration.to_template_version ?? 0) ?? templates.current(id))?.label,
      user.language,
      id,
    );
    return {
      label: `${label} ${migration.from_template_version === null ? '' : `v${migration.from_template_version} `}→ v${migration.to_template_version}`,
      target: `${label} v${migration.to_template_version}`,
    };
  }
  const [from, to] =
    migration.kind === 'machine_set'
      ? [migration.from_machine_set_id, migration.to_machine_set_id]
      : [migration.from_database_id, migration.to_database_id];
  const names = await versionNames(db, migration, [to, from]);
  const name = (id: number | null) => {
    const found = names.find((row) => Number(row.id) === id);
    return found ? databaseLabel(found.name, found.version_label) : '…';
  };
  const target = name(to);
  return { label: from === null ? `→ ${target}` : `${name(from)} → ${target}`, target };
}

/** The name and version of the databases or machine sets a migration goes from and to, as far as its mandant sees them. */
async function versionNames(
  db: Kysely<DatabaseSchema>,
  migration: FactorMigrationRecord,
  ids: readonly (number | null)[],
): Promise<{ id: number; name: string; version_label: string }[]> {
  const present = ids.filter((id): id is number => id !== null);
  if (present.length === 0) return [];
  // Only the migration's own mandant's sets are named.
  if (migration.kind === 'machine_set') {
    return db
      .selectFrom('machine_sets')
      .select(['id', 'name', 'version_label'])
      .where(rowsOfMandant(migration.mandant_id, present))
      .execute();
  }
  // Only databases the migration's mandant may see are named: the entry is read by that mandant, and a
  // migration written before the source was checked may point at another mandant's database.
  return db
    .selectFrom('factor_databases')
    .select(['id', 'name', 'version_label'])
    .where('id', 'in', present)
    .where(databaseVisibleTo(migration.mandant_id))
    .execute();
}

/** The target must be visible to the mandant and published (a draft may still change; 400). */
async function targetFactors(db: Kysely<DatabaseSchema>, mandantId: number, id: number) {
  const database = await findDatabaseFor(db, mandantId, id);
  if (!database) throw badRequest('errors.migrations.targetDatabaseMissing', { to_database_id: 'errors.notFound' });
  if (database.status !== 'published') {
    throw badRequest('errors.migrations.targetDatabaseUnpublished', { to_database_id: 'errors.notPublished' });
  }
  return loadFactorSet(db, database);
}

/**
 * The target machine set must be the mandant's own and published (a draft may still change; 400). Another mandant's
 * set answers exactly like a missing one.
 */
async function targetMachineSet(db: Kysely<DatabaseSchema>, mandantId: number, id: number): Promise<ProductionSet> {
  const row = await db
    .selectFrom('machine_sets')
    .select('status')
    .where(rowsOfMandant(mandantId, id))
    .executeTakeFirst();
  if (!row) throw badRequest('errors.migrations.targetMachineSetMissing', { to_machine_set_id: 'errors.notFound' });
  if (row.status !== 'published') {
    throw badRequest('errors.migrations.targetMachineSetUnpublished', { to_machine_set_id: 'errors.notPublished' });
  }
  return (await loadProductionSet(db, mandantId, id))!;
}

/** The source set, when named, must be the mandant's own (another mandant's answers like a missing one; 400). */
async function checkSourceMachineSet(db: Kysely<DatabaseSchema>, mandantId: number, id: number | null): Promise<void> {
  if (id === null) return;
  if (!(await loadProductionSet(db, mandantId, id)))
    throw badRequest('errors.migrations.sourceMachineSetMissing', { from_machine_set_id: 'errors.notFound' });
}

/** The source, when named, must be visible to the mandant: another mandant's database answers like a missing one (400). */
async function checkSource(db: Kysely<DatabaseSchema>, mandantId: number, id: number | null): Promise<void> {
  if (id === null) return;
  if (!(await findDatabaseFor(db, mandantId, id)))
    throw badRequest('errors.migrations.sourceDatabaseMissing', { from_database_id: 'errors.notFound' });
}

/**
 * The target template version: it must exist and be published (a draft may still change; 400). `seesDrafts`: whether
 * the caller may know of unpublished versions (provider admins); for everybody else a draft does not exist.
 */
function targetTemplate(
  templates: TemplateRegistry,
  id: string,
  version: number | undefined,
  seesDrafts: boolean,
): Template {
  const entry =
    version === undefined
      ? templates.versions(id).find((candidate) => candidate.status === 'published')
      : templates.versions(id).find((candidate) => candidate.template.version === version);
  if (!entry || (!seesDrafts && entry.status !== 'published'))
    throw badRequest('errors.migrations.targetVersionMissing', { to_template_version: 'errors.notFound' });
  if (entry.status !== 'published') {
    throw badRequest('errors.migrations.targetVersionUnpublished', { to_template_version: 'errors.notPublished' });
  }
  return entry.template;
}

/** How many preview rows are read per query while the CSV streams. */
const ITEMS_CSV_BATCH = 5000;

/** The protocol entry of one step of a migration (preview, apply, discard, rollback). */
async function recordMigrationStep(
  trx: Kysely<DatabaseSchema>,
  request: FastifyRequest,
  templates: TemplateRegistry,
  migration: FactorMigrationRecord,
  step: MigrationStep | 'preview',
  previous?: FactorMigrationRecord,
) {
  const { label, target } = await labelOf(trx, templates, migration, currentUser(request));
  return recordChange(trx, request, {
    action: step === 'discard' ? 'status_changed' : 'migrated',
    resource: 'migrations',
    record: migration,
    previous: previous ?? null,
    mandantId: migration.mandant_id,
    label,
    params: { step, target, count: migration.summary.count, excluded: migration.summary.excluded },
    ignore: ['created_at', 'updated_at', 'version', 'summary', 'filter'],
  });
}

/** Refuses a preview request whose kind and targets do not fit together, before anything is read or written. */
function refuseMismatchedTargets(user: SessionUser, body: CreateFactorMigrationRequest): void {
  const kind = body.kind ?? 'database';
  if (kind === 'database' && body.to_database_id === undefined) {
    throw badRequest('errors.migrations.chooseTargetDatabase', { to_database_id: 'errors.required' });
  }
  if (kind === 'machine_set') {
    if (!migratesMachineSets(user.role)) throw forbidden();
    if (body.to_machine_set_id === undefined)
      throw badRequest('errors.migrations.chooseTargetMachineSet', { to_machine_set_id: 'errors.required' });
  }
  if (kind !== 'machine_set' && (body.to_machine_set_id !== undefined || (body.from_machine_set_id ?? null) !== null)) {
    throw badRequest('errors.migrations.machineSetsOnlyForMachineKind', { to_machine_set_id: 'errors.notAllowed' });
  }
  if (kind === 'machine_set' && (body.to_database_id !== undefined || body.template_id !== undefined)) {
    throw badRequest('errors.migrations.machineSetKeepsTheRest', { to_database_id: 'errors.notAllowed' });
  }
  if (kind === 'template') {
    if (body.template_id === undefined)
      throw badRequest('errors.migrations.chooseTemplate', { template_id: 'errors.required' });
    if (body.to_database_id !== undefined || (body.from_database_id ?? null) !== null) {
      throw badRequest('errors.migrations.templateKeepsDatabases', { to_database_id: 'errors.notAllowed' });
    }
  }
}

/** What the migration routes' registrars are given. */
interface MigrationRoutes {
  app: FastifyInstance;
  database: Kysely<DatabaseSchema>;
  templates: TemplateRegistry;
}

export function registerMigrationRoutes(
  app: FastifyInstance,
  database: Kysely<DatabaseSchema>,
  templates: TemplateRegistry,
): void {
  const routes: MigrationRoutes = { app, database, templates };
  registerMigrationLists(app, database);
  registerMigrationPreview(routes);
  registerMigrationSteps(routes);
  registerMigrationItemsCsv(routes);
}

/** The migrations and their items, read only. */
function registerMigrationLists(app: FastifyInstance, database: Kysely<DatabaseSchema>): void {
  registerReadOnlyResource(app, database, {
    name: 'migrations',
    access: 'migrations',
    table: 'factor_migrations',
    columns: recordColumns(FactorMigrationRecord, {
      only: [
        'id',
        'mandant_id',
        'kind',
        'from_database_id',
        'to_database_id',
        'template_id',
        'from_template_version',
        'to_template_version',
        'from_machine_set_id',
        'to_machine_set_id',
        'status',
        'created_by',
        'applied_by',
        'created_at',
        'updated_at',
        'applied_at',
      ],
    }),
    scope: (query, user) => scopeToMandant(query, user, 'mandant_id'),
    toRecord: toMigrationRecord,
    recordSchema: FactorMigrationRecord,
  });

  registerReadOnlyResource(app, database, {
    name: 'migration-items',
    access: 'migration-items',
    table: 'factor_migration_items',
    columns: recordColumns(FactorMigrationItemRecord, {
      only: ['id', 'migration_id', ...MIGRATION_ITEM_COLUMNS],
    }),
    search: [sql.ref('number'), sql.ref('title'), sql.ref('template_id')],
    scope: (query, user) => scopeToMandant(query, user, 'mandant_id'),
    toRecord: toMigrationItemRecord,
    recordSchema: FactorMigrationItemRecord,
  });
}

/** A new migration: its preview, calculations unchanged. */
function registerMigrationPreview({ app, database, templates }: MigrationRoutes): void {
  const api = typed(app);
  const transaction = inTransaction(database);
  api.post(
    '/api/migrations',
    {
      ...allowedTo(app, 'create', 'migrations'),
      schema: {
        tags: ['migrations'],
        summary:
          'Preview a migration of the mandant’s calculations to a published factor database, template version or machine set (calculations are not changed)',
        body: CreateFactorMigrationRequest,
        response: { 201: FactorMigrationRecord, ...errorAnswers(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const body = request.body;
      const kind = body.kind ?? 'database';
      const mandantId = mandantForNewRow(user, body.mandant_id ?? null);
      if (mandantId === null) throw badRequest('errors.migrations.chooseMandant', { mandant_id: 'errors.required' });
      refuseMismatchedTargets(user, body);
      // A bad filter is refused before anything is written, with the calculations list's own messages.
      const filter = body.filter !== undefined && Object.keys(body.filter).length > 0 ? body.filter : null;
      if (filter !== null) checkListFilter(filter);
      const record = await transaction(async (trx) => {
        if (mandantId !== user.mandant_id) {
          const exists = await trx.selectFrom('mandants').select('id').where('id', '=', mandantId).executeTakeFirst();
          if (!exists) throw badRequest('errors.users.unknownMandant', { mandant_id: 'errors.notFound' });
        }
        let target: MigrationTarget;
        let selection: CalculationSelection;
        const narrowed = { mandantId, calculationIds: body.calculation_ids ?? null, filter };
        if (kind === 'template') {
          const template = targetTemplate(
            templates,
            body.template_id!,
            body.to_template_version,
            seesAllMandants(user),
          );
          const fromVersion = body.from_template_version ?? null;
          target = templateTarget(trx, templates, mandantId, template, user.language);
          selection = {
            ...narrowed,
            target: { kind, templateId: template.id, toVersion: template.version, fromVersion },
          };
        } else if (kind === 'machine_set') {
          const production = await targetMachineSet(trx, mandantId, body.to_machine_set_id!);
          const fromSetId = body.from_machine_set_id ?? null;
          await checkSourceMachineSet(trx, mandantId, fromSetId);
          target = machineSetTarget(trx, templates, mandantId, production, user.language);
          selection = { ...narrowed, target: { kind, toSetId: production.data.set.id, fromSetId } };
        } else {
          const factors = await targetFactors(trx, mandantId, body.to_database_id!);
          await checkSource(trx, mandantId, body.from_database_id ?? null);
          target = databaseTarget(trx, templates, mandantId, factors, user.language);
          selection = {
            ...narrowed,
            target: { kind, toDatabaseId: factors.database.id, fromDatabaseId: body.from_database_id ?? null },
          };
          if (await alreadyOnTarget(trx, selection)) {
            throw badRequest('errors.migrations.sameDatabase', { to_database_id: 'errors.migrations.alreadyUsed' });
          }
        }
        const now = isoNow();
        const inserted = await trx
          .insertInto('factor_migrations')
          .values({
            mandant_id: mandantId,
            kind,
            from_database_id: selection.target.kind === 'database' ? selection.target.fromDatabaseId : null,
            to_database_id: selection.target.kind === 'database' ? selection.target.toDatabaseId : null,
            template_id: selection.target.kind === 'template' ? selection.target.templateId : null,
            from_template_version: selection.target.kind === 'template' ? selection.target.fromVersion : null,
            to_template_version: selection.target.kind === 'template' ? selection.target.toVersion : null,
            from_machine_set_id: selection.target.kind === 'machine_set' ? selection.target.fromSetId : null,
            to_machine_set_id: selection.target.kind === 'machine_set' ? selection.target.toSetId : null,
            filter: filter === null ? null : JSON.stringify(filter),
            status: 'previewed',
            created_by: user.id,
            created_by_name: user.name,
            applied_by: null,
            applied_by_name: null,
            rolled_back_by: null,
            summary: JSON.stringify(EMPTY_SUMMARY),
            created_at: now,
            updated_at: now,
            applied_at: null,
            rolled_back_at: null,
            version: 1,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const id = Number(inserted.id);
        const summary = await previewItems(trx, id, selection, target);
        await trx
          .updateTable('factor_migrations')
          .set({ summary: JSON.stringify(summary) })
          .where('id', '=', id)
          .execute();
        const migration = toMigrationRecord(
          await trx.selectFrom('factor_migrations').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
        );
        await recordMigrationStep(trx, request, templates, migration, 'preview');
        return migration;
      });
      return reply.status(201).send(record);
    },
  );
}

/** Apply, discard and roll back: each moves a migration from one status to the next. */
function registerMigrationSteps({ app, database, templates }: MigrationRoutes): void {
  const api = typed(app);
  const transaction = inTransaction(database);
  /** Moves a migration from `from` to `to` status — only if it is still `from` (the claim). */
  const claim = async (
    trx: Kysely<DatabaseSchema>,
    user: SessionUser,
    existing: FactorMigrationRecord,
    from: FactorMigrationStatus,
    to: FactorMigrationStatus,
  ) => {
    const now = isoNow();
    const extra =
      to === 'applied'
        ? { applied_by: user.id, applied_by_name: user.name, applied_at: now }
        : to === 'rolled_back'
          ? { rolled_back_by: user.id, rolled_back_at: now }
          : {};
    const result = await trx
      .updateTable('factor_migrations')
      .set({ status: to, updated_at: now, ...extra })
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', existing.id)
      .where('status', '=', from)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) {
      throw conflict(msg('errors.migrations.statusChanged', { status: from }));
    }
  };

  const step = (name: MigrationStep, from: FactorMigrationStatus, to: FactorMigrationStatus, summary: string) =>
    api.post(
      `/api/migrations/:id/${name}`,
      {
        ...allowedTo(app, 'update', 'migrations'),
        schema: {
          tags: ['migrations'],
          summary,
          params: idParams,
          response: { 200: FactorMigrationRecord, ...errorAnswers(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const user = currentUser(request);
        // Discarding a preview is the editor's too; applying and rolling back are the admins' (policy `apply`).
        if (name !== 'discard' && !can(user.role, 'apply', 'migrations')) throw forbidden();
        return transaction(async (trx) => {
          const existing = await findMigration(trx, user, request.params.id);
          if (existing.kind === 'machine_set' && !migratesMachineSets(user.role)) throw forbidden();
          if (existing.status !== from)
            throw conflict(msg('errors.migrations.wrongStatus', { status: existing.status, expected: from }));
          await claim(trx, user, existing, from, to);
          if (name === 'apply') {
            // The target is re-checked: the preview's results are only right for a target that is still published.
            const refuse = (problem: unknown) =>
              conflict(problem instanceof Refusal ? problem.text : 'errors.migrations.targetUnusable');
            let templateType: string | undefined;
            if (existing.kind === 'template') {
              try {
                templateType = targetTemplate(
                  templates,
                  existing.template_id ?? '',
                  existing.to_template_version ?? 0,
                  true,
                ).type;
              } catch (problem) {
                throw refuse(problem);
              }
            } else if (existing.kind === 'machine_set') {
              await targetMachineSet(trx, existing.mandant_id, existing.to_machine_set_id ?? 0).catch(
                (problem: unknown) => {
                  throw refuse(problem);
                },
              );
            } else {
              await targetFactors(trx, existing.mandant_id, existing.to_database_id ?? 0).catch((problem: unknown) => {
                throw refuse(problem);
              });
            }
            await applyItems(trx, existing, user.id, templateType);
          }
          if (name === 'rollback') await rollbackItems(trx, existing);
          const migration = await findMigration(trx, user, existing.id);
          await recordMigrationStep(trx, request, templates, migration, name, existing);
          return migration;
        });
      },
    );
  step(
    'apply',
    'previewed',
    'applied',
    'Apply a previewed migration in one transaction (409 and nothing written if a calculation changed since the preview)',
  );
  step('discard', 'previewed', 'discarded', 'Discard a preview');
  step(
    'rollback',
    'applied',
    'rolled_back',
    'Restore every migrated calculation exactly (409 if one changed since the apply)',
  );
}

/** The items of a preview as CSV. */
function registerMigrationItemsCsv({ app, database, templates }: MigrationRoutes): void {
  const api = typed(app);
  api.get(
    '/api/migrations/:id/items.csv',
    {
      ...allowedTo(app, 'read', 'migrations'),
      schema: {
        tags: ['migrations'],
        summary: "The preview rows as CSV in the user's language and CSV convention",
        params: idParams,
        response: { 200: fileResponse('text/csv', 'The preview rows as CSV'), ...errorAnswers(401, 404, 503) },
      },
      preHandler: app.kontor.heavyWork.hook,
    },
    async (request, reply) => {
      const migration = await findMigration(database, currentUser(request), request.params.id);
      const language = requestLanguage(request);
      // Streamed in batches by item id: a migration of 100,000 calculations never sits in memory as one string.
      async function* batches(): AsyncGenerator<string> {
        for (let after = 0; ;) {
          const rows = await database
            .selectFrom('factor_migration_items')
            .select(['id', ...MIGRATION_ITEM_COLUMNS])
            .where('migration_id', '=', migration.id)
            .where('mandant_id', '=', migration.mandant_id)
            .where('id', '>', after)
            .orderBy('id')
            .limit(ITEMS_CSV_BATCH)
            .execute();
          if (rows.length === 0) return;
          yield `${itemsCsvRows(language, templates, rows)}\r\n`;
          after = Number(rows[rows.length - 1]!.id);
        }
      }
      return sendCsvDownload(
        reply,
        `migration-${migration.id}.csv`,
        `${CSV_BOM}${itemsCsvHeader(language)}\r\n`,
        batches(),
      );
    },
  );
}
