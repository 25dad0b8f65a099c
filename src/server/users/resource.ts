/**
 * The `users` resource. Provider admins manage every user; mandant admins the users of their own
 * mandant (never provider admins, never moving users elsewhere); editors and viewers get 403.
 * Users are not created here: admins invite them (invitations/), and the invitee chooses the password.
 */
import { Type } from 'typebox';
import { UpdateUserRequest, UserRecord, type Role } from '../../core/api';
import { isLanguage, DEFAULT_LANGUAGE } from '../../core/languages';
import { normaliseEmail } from '../auth/routes';
import { toBoolean } from '../db/values';
import { badRequest, forbidden } from '../refusals';
import { versionFields, type RestContext, type RestResourceDefinition, type Row } from '../http/rest-resource';
import { seesAllMandants } from '../http/tenant-scope';
import { assignableRoles, seesAllMandants as roleSeesAllMandants } from '../../core/access/policy';

/** The columns a user and an invitation to become one share, as the API returns them (core/api AccountFields). */
export function accountFields(row: Row): Pick<UserRecord, 'mandant_id' | 'email' | 'name' | 'role' | 'language'> {
  return {
    mandant_id: row.mandant_id === null ? null : Number(row.mandant_id),
    email: String(row.email),
    name: String(row.name),
    role: row.role as Role,
    language: isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE,
  };
}

export function toUserRecord(row: Row): UserRecord {
  return {
    id: Number(row.id),
    ...accountFields(row),
    active: toBoolean(row.active as number | boolean),
    ...versionFields(row),
  };
}

/**
 * Deliberately unscoped: e-mail addresses are unique across all mandants. So only provider admins, who
 * see every account anyway, may ask this question (see beforeUpdate).
 */
async function assertEmailFree(ctx: RestContext, email: string, exceptId: number): Promise<void> {
  const query = ctx.db.selectFrom('users').select('id').where('email', '=', email).where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) {
    throw badRequest('errors.users.emailInUse', { email: 'errors.users.emailInUse' });
  }
}

/** Checks the role/mandant combination the caller wants to give a user (or invitee); returns the mandant id to store. */
export async function checkPlacement(
  ctx: RestContext,
  role: Role,
  mandantId: number | null | undefined,
): Promise<number | null> {
  if (!seesAllMandants(ctx.user)) {
    if (!assignableRoles(ctx.user.role).includes(role))
      throw forbidden('errors.users.onlyProviderGrantsProvider', { role: 'errors.notAllowed' });
    if (mandantId !== undefined && mandantId !== null && mandantId !== ctx.user.mandant_id) {
      throw forbidden('errors.users.cannotMove', { mandant_id: 'errors.notAllowed' });
    }
    return ctx.user.mandant_id;
  }
  if (roleSeesAllMandants(role)) {
    if (mandantId !== undefined && mandantId !== null) {
      throw badRequest('errors.users.providerNoMandant', { mandant_id: 'errors.users.emptyForProvider' });
    }
    return null;
  }
  if (mandantId === undefined || mandantId === null) {
    throw badRequest('errors.users.chooseMandant', { mandant_id: 'errors.required' });
  }
  const mandant = await ctx.db.selectFrom('mandants').select('id').where('id', '=', mandantId).executeTakeFirst();
  if (!mandant) throw badRequest('errors.mandants.missing', { mandant_id: 'errors.users.unknownMandant' });
  return mandantId;
}

/** Any body gets the same answer (users are invited instead): nothing about the address is looked at. */
const AnyBody = Type.Object({});

export const usersResource: RestResourceDefinition<UserRecord, typeof AnyBody, typeof UpdateUserRequest> = {
  name: 'users',
  table: 'users',
  tenantColumn: 'mandant_id',
  searchable: ['name', 'email'],
  access: 'users',
  toRecord: toUserRecord,
  recordSchema: UserRecord,
  createSchema: AnyBody,
  updateSchema: UpdateUserRequest,

  async beforeCreate() {
    throw badRequest('errors.users.inviteInstead');
  },

  async beforeUpdate(body, existing, ctx) {
    const values: Row = {};
    const self = existing.id === ctx.user.id;
    if (body.email !== undefined) {
      const email = normaliseEmail(body.email);
      if (email !== existing.email) {
        // "Already in use" would tell a mandant admin that the address has an account in another mandant.
        if (!seesAllMandants(ctx.user)) {
          throw forbidden('errors.users.onlyProviderChangesEmail', { email: 'errors.notAllowed' });
        }
        await assertEmailFree(ctx, email, existing.id);
        values.email = email;
      }
    }
    if (body.name !== undefined) values.name = body.name.trim();
    if (body.language !== undefined) values.language = body.language;
    const role = body.role ?? existing.role;
    const mandantChange = body.mandant_id !== undefined && body.mandant_id !== existing.mandant_id;
    if (role !== existing.role || mandantChange) {
      if (self) throw badRequest('errors.users.cannotChangeOwnRole', { role: 'errors.notAllowedForYourself' });
      const mandantId = body.mandant_id === undefined ? existing.mandant_id : body.mandant_id;
      values.mandant_id = await checkPlacement(
        ctx,
        role,
        roleSeesAllMandants(role) && body.mandant_id === undefined ? null : mandantId,
      );
      values.role = role;
    }
    if (body.active !== undefined && body.active !== existing.active) {
      if (self) throw badRequest('errors.users.cannotDeactivateSelf', { active: 'errors.notAllowedForYourself' });
      values.active = body.active;
    }
    // Admins never choose or see passwords: the owner sets it (invitation link, "forgot password", profile).
    if (body.password !== undefined && body.password !== '') {
      throw badRequest('errors.users.passwordsByOwners', {
        password: 'errors.notAllowed',
      });
    }
    return values;
  },

  async beforeDelete(existing, ctx) {
    if (existing.id === ctx.user.id) throw badRequest('errors.users.cannotDeleteSelf');
  },
};
