/**
 * The `mandants` resource. Provider admins manage all mandants; every mandant user can read only
 * its own mandant, and its mandant admins may change its name and settings (not slug or active).
 */
import type { MandantRecord, MandantSettings } from '../../core/api';
import { parseJson, toBoolean } from '../db/values';
import { findDatabaseFor } from '../factors/factor-set';
import { badRequest, conflict, forbidden } from '../http/errors';
import type { RestContext, RestResourceDefinition, Row } from '../http/rest-resource';
import { seesAllMandants } from '../http/tenant-scope';

export function toMandantRecord(row: Row): MandantRecord {
  return {
    id: Number(row.id),
    name: String(row.name),
    slug: String(row.slug),
    active: toBoolean(row.active as number | boolean),
    settings: parseJson<MandantSettings>(row.settings as string | object, {}),
    created_at: String(row.created_at),
    updated_at: String(row.updated_at),
    version: Number(row.version),
  };
}

const settingsSchema = {
  type: 'object',
  properties: {
    provider_name: { type: 'string', maxLength: 200 },
    logo_url: { type: 'string', maxLength: 2000 },
    primary_color: { type: 'string', pattern: '^#[0-9a-fA-F]{6}$' },
    certificate_name: { type: 'string', maxLength: 200 },
    offset_rounding_t: { type: 'number', exclusiveMinimum: 0 },
    default_database_id: { type: ['integer', 'null'] },
  },
  additionalProperties: true,
} as const;

const mandantProperties = {
  name: { type: 'string', minLength: 1, maxLength: 200 },
  slug: { type: 'string', pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', maxLength: 60 },
  active: { type: 'boolean' },
  settings: settingsSchema,
} as const;

/**
 * The default database must be one the mandant may use: another mandant's database answers exactly
 * like a missing one, so a setting can neither probe nor point at it.
 */
async function checkDefaultDatabase(ctx: RestContext, mandantId: number | null, settings: unknown): Promise<void> {
  const id = (settings as MandantSettings | undefined)?.default_database_id;
  if (typeof id !== 'number') return;
  if (!(await findDatabaseFor(ctx.db, mandantId, id))) {
    throw badRequest('errors.factors.databaseMissing', { 'settings.default_database_id': 'errors.notFound' });
  }
}

async function assertSlugFree(ctx: RestContext, slug: string, exceptId?: number): Promise<void> {
  let query = ctx.db.selectFrom('mandants').select('id').where('slug', '=', slug);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw badRequest('errors.mandants.slugInUse', { slug: 'errors.mandants.alreadyInUse' });
}

export const mandantsResource: RestResourceDefinition<MandantRecord> = {
  name: 'mandants',
  table: 'mandants',
  // The mandants table is scoped by its own id: a mandant user sees exactly its mandant.
  tenantColumn: 'id',
  columns: {
    id: { type: 'integer' },
    name: { type: 'text' },
    slug: { type: 'text' },
    active: { type: 'boolean' },
    settings: { type: 'json' },
    created_at: { type: 'timestamp' },
    updated_at: { type: 'timestamp' },
    version: { type: 'integer' },
  },
  searchable: ['name', 'slug'],
  access: 'mandants',
  toRecord: toMandantRecord,
  recordSchema: {
    type: 'object',
    properties: {
      id: { type: 'integer' },
      name: { type: 'string' },
      slug: { type: 'string' },
      active: { type: 'boolean' },
      settings: { type: 'object', additionalProperties: true },
      created_at: { type: 'string' },
      updated_at: { type: 'string' },
      version: { type: 'integer' },
    },
    required: ['id', 'name', 'slug', 'active', 'settings', 'created_at', 'updated_at', 'version'],
  },
  createSchema: { type: 'object', properties: mandantProperties, required: ['name', 'slug'] },
  updateSchema: { type: 'object', properties: mandantProperties },

  async beforeCreate(body, ctx) {
    const slug = String(body.slug);
    await assertSlugFree(ctx, slug);
    await checkDefaultDatabase(ctx, null, body.settings);
    return {
      name: String(body.name).trim(),
      slug,
      active: body.active === undefined ? true : Boolean(body.active),
      settings: JSON.stringify(body.settings ?? {}),
    };
  },

  async beforeUpdate(body, existing, ctx) {
    const values: Row = {};
    const admin = seesAllMandants(ctx.user);
    if (body.slug !== undefined && body.slug !== existing.slug) {
      if (!admin) throw forbidden('errors.mandants.onlyProviderChangesSlug', { slug: 'errors.notAllowed' });
      await assertSlugFree(ctx, String(body.slug), existing.id);
      values.slug = body.slug;
    }
    if (body.active !== undefined && Boolean(body.active) !== existing.active) {
      if (!admin) throw forbidden('errors.mandants.onlyProviderActivates', { active: 'errors.notAllowed' });
      values.active = Boolean(body.active);
    }
    if (body.name !== undefined) values.name = String(body.name).trim();
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
