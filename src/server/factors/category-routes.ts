/**
 * Factor categories (issue #20). Templates name categories by key (`paper`); the screens show them by name. The
 * built-in categories are named in the message catalogue; one an admin adds (`label_face`) gets its names here, in
 * the five languages, scoped like factor databases: the provider admin names it for every mandant, a mandant admin
 * for their own mandant, whose name then wins over the provider's.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely, type WhereInterface } from 'kysely';
import { Type } from 'typebox';
import {
  FactorCategoryParams,
  FactorCategoryRecord,
  NameFactorCategoryRequest,
  type SessionUser,
} from '../../core/api';
import type { LocalizedText } from '../../core/languages';
import { allowedTo, currentUser, signedIn } from '../auth/authenticate';
import type { DatabaseSchema } from '../db/schema';
import { inTransaction } from '../db/in-transaction';
import { isoNow, toLocalizedText } from '../db/values';
import { errorAnswers } from '../http/errors';
import { mandantForNewRow, ownOrSharedRows } from '../http/tenant-scope';
import { typed } from '../http/typed-routes';
import { scopeFactors } from './visibility';

/** The names the user reads, by key: their mandant's own over the provider's. */
async function categoryNames(
  db: Kysely<DatabaseSchema>,
  user: SessionUser,
  key?: string,
): Promise<Map<string, LocalizedText>> {
  let query = db
    .selectFrom('factor_categories')
    .select(['key', 'mandant_id', 'label'])
    .where(ownOrSharedRows(user.mandant_id));
  if (key !== undefined) query = query.where('key', '=', key);
  // The provider's (null) rows first, so the mandant's own overwrite them.
  const rows = await query.orderBy(sql`case when mandant_id is null then 0 else 1 end`).execute();
  const names = new Map<string, LocalizedText>();
  for (const row of rows) {
    const label = toLocalizedText(row.label);
    if (label) names.set(row.key, label);
  }
  return names;
}

async function factorKeys(db: Kysely<DatabaseSchema>, user: SessionUser, key?: string): Promise<Map<string, string[]>> {
  const all = key === undefined ? db.selectFrom('factors') : db.selectFrom('factors').where('category', '=', key);
  // scopeFactors takes any builder over factors; Kysely's typed builder does not pass through its generic.
  const visible = scopeFactors(
    all as unknown as WhereInterface<DatabaseSchema, 'factors'>,
    user,
  ) as unknown as typeof all;
  const rows = await visible.select(['category', 'key']).distinct().orderBy('category').orderBy('key').execute();
  const keys = new Map<string, string[]>();
  for (const row of rows) {
    const list = keys.get(row.category);
    if (list) list.push(row.key);
    else keys.set(row.category, [row.key]);
  }
  return keys;
}

async function readCategories(
  db: Kysely<DatabaseSchema>,
  user: SessionUser,
  key?: string,
): Promise<FactorCategoryRecord[]> {
  const [factors, names] = await Promise.all([factorKeys(db, user, key), categoryNames(db, user, key)]);
  const keys = [...new Set([...factors.keys(), ...names.keys()])].sort();
  return keys.map((category) => ({
    key: category,
    factor_count: factors.get(category)?.length ?? 0,
    factor_keys: factors.get(category) ?? [],
    label: names.get(category) ?? null,
  }));
}

export function registerFactorCategoryRoutes(app: FastifyInstance, database: Kysely<DatabaseSchema>): void {
  const api = typed(app);
  const transaction = inTransaction(database);

  // The form editor's category picker and the factor screens: every category of the databases the reader may see,
  // and those named before their first factor.
  api.get(
    '/api/factor-categories',
    {
      ...signedIn(app),
      schema: {
        tags: ['factors'],
        summary: 'The factor categories the caller may see, by key, with their name and number of distinct factor keys',
        response: { 200: Type.Array(FactorCategoryRecord), ...errorAnswers(401) },
      },
    },
    async (request): Promise<FactorCategoryRecord[]> => readCategories(database, currentUser(request)),
  );

  // Naming is part of keeping factor databases: whoever may change one may name its categories.
  api.put(
    '/api/factor-categories/:key',
    {
      ...allowedTo(app, 'update', 'databases'),
      schema: {
        tags: ['factors'],
        summary:
          'Name a factor category in every language (provider admins: for every mandant; mandant admins: for their own)',
        params: FactorCategoryParams,
        body: NameFactorCategoryRequest,
        response: { 200: FactorCategoryRecord, ...errorAnswers(400, 401, 403) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { key } = request.params;
      const mandantId = mandantForNewRow(user, null);
      const label = JSON.stringify(
        Object.fromEntries(Object.entries(request.body.label).map(([lang, text]) => [lang, text.trim()])),
      );
      await transaction(async (trx) => {
        const owner = mandantId === null ? sql<boolean>`mandant_id is null` : sql<boolean>`mandant_id = ${mandantId}`;
        const existing = await trx
          .selectFrom('factor_categories')
          .select('id')
          .where('key', '=', key)
          .where(owner)
          .executeTakeFirst();
        const now = isoNow();
        if (existing) {
          await trx
            .updateTable('factor_categories')
            .set((eb) => ({ label, updated_at: now, version: eb('version', '+', 1) }))
            .where('id', '=', existing.id)
            .execute();
        } else {
          await trx
            .insertInto('factor_categories')
            .values({ mandant_id: mandantId, key, label, created_at: now, updated_at: now })
            .execute();
        }
      });
      const [record] = await readCategories(database, user, key);
      return record!;
    },
  );
}
