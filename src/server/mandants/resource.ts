/**
 * The `mandants` resource. Provider admins manage all mandants; every mandant user can read only
 * its own mandant, and its mandant admins may change its name and settings (not slug or active).
 */
import type { Kysely } from 'kysely';
import { CreateMandantRequest, MandantRecord, UpdateMandantRequest, type MandantSettings } from '../../core/api';
import type { DatabaseSchema } from '../db/schema';
import { parseJson, toBoolean } from '../db/values';
import { findDatabaseFor } from '../factors/factor-set';
import { badRequest, conflict, forbidden } from '../refusals';
import { versionFields, type RestContext, type RestResourceDefinition, type Row } from '../http/rest-resource';
import { seesAllMandants } from '../http/tenant-scope';

export function toMandantRecord(row: Row): MandantRecord {
  return {
    id: Number(row.id),
    name: String(row.name),
    slug: String(row.slug),
    active: toBoolean(row.active as number | boolean),
    settings: parseJson<MandantSettings>(row.settings as string | object, {}),
    ...versionFields(row),
  };
}

/** A mandant's name and settings, as order quotes, order documents and report heads print them. */
export async function mandantProfile(
  db: Kysely<DatabaseSchema>,
  mandantId: number,
): Promise<{ name: string; settings: MandantSettings }> {
  const row = await db
    .selectFrom('mandants')
    .select(['name', 'settings'])
    .where('id', '=', mandantId)
    .executeTakeFirstOrThrow();
  return { name: row.name, settings: parseJson<MandantSettings>(row.settings, {}) };
}

/**
 * The default database must be one the mandant may use: another mandant's database answers exactly
 * like a missing one, so a setting can neither probe nor point at it.
 */
async function checkDefaultDatabase(
  ctx: RestContext,
  mandantId: number | null,
  settings: MandantSettings | undefined,
): Promise<void> {
  const id = settings?.default_database_id;
  if (typeof id !== 'number') return;
  if (!(await findDatabaseFor(ctx.db, mandantId, id))) {
    throw badRequest('errors.factors.databaseMissing', { 'settings.default_database_id': 'errors.notFound' });
  }
}

async function assertSlugFree(ctx: RestContext, slug: string, exceptId?: number): Promise<void> {
  let query = ctx.db.selectFrom('mandants').select('id').where('slug', '=', slug);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst())
    throw badRequest('errors.mandants.slugInUse', { slug: 'errors.mandants.alreadyInUse' });
}

export const mandantsResource: RestResourceDefinition<
  MandantRecord,
  typeof CreateMandantRequest,
  typeof UpdateMandantRequest
> = {
  name: 'mandants',
  table: 'mandants',
  // The mandants table is scoped by its own id: a mandant user sees exactly its mandant.
  tenantColumn: 'id',
  searchable: ['name', 'slug'],
  access: 'mandants',
  toRecord: toMandantRecord,
  recordSchema: MandantRecord,
  createSchema: CreateMandantRequest,
  updateSchema: UpdateMandantRequest,

  async beforeCreate(body, ctx) {
    await assertSlugFree(ctx, body.slug);
    await checkDefaultDatabase(ctx, null, body.settings);
    return {
      name: body.name.trim(),
      slug: body.slug,
      active: body.active ?? true,
      settings: JSON.stringify(body.settings ?? {}),
    };
  },

  async beforeUpdate(body, existing, ctx) {
    const values: Row = {};
    const admin = seesAllMandants(ctx.user);
    if (body.slug !== undefined && body.slug !== existing.slug) {
      if (!admin) throw forbidden('errors.mandants.onlyProviderChangesSlug', { slug: 'errors.notAllowed' });
      await assertSlugFree(ctx, body.slug, existing.id);
      values.slug = body.slug;
    }
    if (body.active !== undefined && body.active !== existing.active) {
      if (!admin) throw forbidden('errors.mandants.onlyProviderActivates', { active: 'errors.notAllowed' });
      values.active = body.active;
    }
    if (body.name !== undefined) values.name = body.name.trim();
    if (body.settings !== undefined) {
      await checkDefaultDatabase(ctx, existing.id, body.settings);
      values.settings = JSON.stringify(body.settings);
    }
    return values;
  },

  async beforeDelete(existing, ctx) {
    const user = await ctx.db.selectFrom('users').select('id').where('mandant_id', '=', existing.id).executeTakeFirst();
    if (user) throw conflict('errors.mandants.hasUsers');
    // Calculations, collections and orders are the mandant's records (orders are also the provider's accounts):
    // their foreign keys refuse the delete, so say why before the database does.
    for (const table of ['calculations', 'collections', 'orders'] as const) {
      const row = await ctx.db.selectFrom(table).select('id').where('mandant_id', '=', existing.id).executeTakeFirst();
      if (row) throw conflict('errors.mandants.hasData');
    }
  },
};
