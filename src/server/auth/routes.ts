/** /api/auth: login, logout, forgotten password, reset, and the signed-in user's own profile. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { msg } from '../../core/i18n/error-keys';
import type { Kysely } from 'kysely';
import {
  ForgotPasswordRequest,
  LinkPasswordRequest,
  LoginRequest,
  LoginResponse,
  MIN_PASSWORD_LENGTH,
  SessionUser,
  UpdateMeRequest,
} from '../../core/api';
import { NoContent } from '../../core/api/schema';
import type { Config } from '../config';
import type { DatabaseSchema } from '../db/schema';
import { isoNow, toBoolean, toCount } from '../db/values';
import { badRequest, errorAnswers, unauthorized } from '../http/errors';
import type { AfterResponse } from '../http/after-response';
import { typed } from '../http/typed-routes';
import type { Mail, Mailer } from '../mail/mailer';
import { passwordResetMail } from '../mail/messages';
import { currentUser, signedIn } from './authenticate';
import { hashPassword, verifyPassword } from './password';
import {
  admitLinkPassword,
  admitLoginAttempt,
  admitPasswordCheck,
  DEVICE_TRUST_DAYS,
  recordLoginSuccess,
  releaseAttempt,
  throttled,
} from './login-throttle';
import { createSession, revokeCredentials, revokeSession } from './sessions';
import { loadSessionUser } from './session-user';
import { hashToken, newToken } from './tokens';
import { recordAuthEvent, recordFailedLogin } from '../audit/auth-events';
import { recordChange } from '../audit/change';

const RESET_TTL_HOURS = 1;
const LOGIN_FAILED = 'errors.auth.loginFailed';
const errorResponses = errorAnswers(400, 401, 429);

/** More reset mails than this per hour would only flood a mailbox; further requests still answer 204. */
const MAX_RESETS_PER_HOUR = 5;

async function recentResetRequests(db: Kysely<DatabaseSchema>, userId: number): Promise<number> {
  const now = isoNow();
  await db
    .deleteFrom('password_resets')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('expires_at', '<', isoNow(-24 * 3_600_000)), eb('used_at', 'is not', null)]))
    .execute();
  const row = await db
    .selectFrom('password_resets')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    // A reset token lives RESET_TTL_HOURS, so tokens expiring within that span were issued in the last hour.
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return toCount(row?.n);
}

let dummy: Promise<string> | null = null;
function dummyHash(): Promise<string> {
  dummy ??= hashPassword(newToken());
  return dummy;
}

/** The cookie that marks a browser as a device its users signed in from before (login-throttle.ts). */
const DEVICE_COOKIE = 'kontor_device';

function deviceCookie(request: FastifyRequest): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === DEVICE_COOKIE) return value.join('=');
  }
  return null;
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function registerAuthRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<DatabaseSchema>; config: Config; mailer: Mailer; afterResponse: AfterResponse },
): void {
  registerSignInRoutes(app, deps);
  registerPasswordResetRoutes(app, deps);
  registerAccountRoutes(app, deps);
}

/** Sign-in and sign-out. */
function registerSignInRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<DatabaseSchema>; config: Config; mailer: Mailer; afterResponse: AfterResponse },
): void {
  const { db, config } = deps;
  const api = typed(app);

  api.post(
    '/api/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in; answers a bearer token',
        body: LoginRequest,
        response: { 200: LoginResponse, ...errorResponses },
      },
    },
    async (request, reply): Promise<LoginResponse> => {
      const email = normaliseEmail(request.body.email);
      // Reserved before the slow password check, so guesses sent at once cannot all pass (login-throttle.ts).
      const admission = await admitLoginAttempt(db, { email, ip: request.ip, deviceToken: deviceCookie(request) });
      if (!admission.admitted) throw throttled(reply, admission.retryAfterSeconds);
      const row = await db
        .selectFrom('users')
        .select(['id', 'password_hash', 'mandant_id'])
        .where('email', '=', email)
        .executeTakeFirst();
      // Unknown addresses cost the same scrypt run as known ones, so timing does not reveal accounts.
      const passwordOk = await verifyPassword(request.body.password, row?.password_hash ?? (await dummyHash()));
      const userKnown = row !== undefined;
      const user = userKnown && passwordOk ? await loadSessionUser(db, row.id) : null;
      if (!user) {
        // The admission already counted this attempt as a failure.
        await recordFailedLogin(db, request, email, row ? { id: row.id, mandant_id: row.mandant_id } : null);
        throw unauthorized(LOGIN_FAILED);
      }
      const deviceToken = await recordLoginSuccess(db, admission);
      // Only the sign-in reads it (Path), never a script (HttpOnly), never another site's request (SameSite).
      void reply.header(
        'Set-Cookie',
        `${DEVICE_COOKIE}=${deviceToken}; Path=/api/auth/login; Max-Age=${DEVICE_TRUST_DAYS * 86_400}; HttpOnly; SameSite=Strict` +
          (config.publicUrl.startsWith('https:') ? '; Secure' : ''),
      );
      const session = await db.transaction().execute(async (trx) => {
        const created = await createSession(
          trx,
          user.id,
          config.sessionTtlHours,
          request.headers['user-agent'] ?? null,
        );
        await recordAuthEvent(trx, request, 'logged_in', user);
        return created;
      });
      return { token: session.token, expires_at: session.expiresAt, user };
    },
  );

  api.post(
    '/api/auth/logout',
    {
      ...signedIn(app),
      schema: {
        tags: ['auth'],
        summary: 'Sign out: revokes this session',
        response: { 204: NoContent, ...errorAnswers(401) },
      },
    },
    async (request, reply) => {
      const sessionId = request.sessionId;
      await db.transaction().execute(async (trx) => {
        if (sessionId !== null) await revokeSession(trx, sessionId);
        await recordAuthEvent(trx, request, 'logged_out', currentUser(request));
      });
      return reply.status(204).send();
    },
  );
}

/** The reset link: asked for by address, used with a new password. */
function registerPasswordResetRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<DatabaseSchema>; config: Config; mailer: Mailer; afterResponse: AfterResponse },
): void {
  const { db, config, mailer, afterResponse } = deps;
  const api = typed(app);

  /** A new reset link for the active account with `email`, as the mail to send; null if there is none to send. */
  async function issueResetLink(request: FastifyRequest, email: string): Promise<Mail | null> {
    const user = await db
      .selectFrom('users')
      .select(['id', 'name', 'email', 'language', 'active', 'mandant_id'])
      .where('email', '=', email)
      .executeTakeFirst();
    if (!user || !toBoolean(user.active) || (await recentResetRequests(db, user.id)) >= MAX_RESETS_PER_HOUR)
      return null;
    const token = newToken();
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('password_resets')
        .values({
          token_hash: hashToken(token),
          user_id: user.id,
          expires_at: isoNow(RESET_TTL_HOURS * 3_600_000),
          used_at: null,
        })
        .execute();
      await recordAuthEvent(trx, request, 'password_reset_requested', user);
    });
    const link = `${config.publicUrl}/login/reset?token=${encodeURIComponent(token)}`;
    return passwordResetMail(user.email, user.name, user.language, link, RESET_TTL_HOURS);
  }

  api.post(
    '/api/auth/forgot-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mails a single-use reset link if the address is known; always 204',
        body: ForgotPasswordRequest,
        response: { 204: NoContent, ...errorAnswers(400) },
      },
    },
    async (request, reply) => {
      const email = normaliseEmail(request.body.email);
      // Everything that depends on the account runs after the answer, so its timing cannot tell known
      // addresses from unknown ones. Queued, so two requests do not both pass the per-hour count.
      afterResponse.queue('password reset request', async () => {
        const mail = await issueResetLink(request, email);
        if (!mail) return;
        // Sent beside the queue: a slow mail server must not hold up other requests' links.
        afterResponse.start('password reset mail', () => mailer.send(mail));
      });
      return reply.status(204).send();
    },
  );

  api.post(
    '/api/auth/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sets a new password with a reset token; revokes all sessions and API tokens of the user',
        body: LinkPasswordRequest,
        response: { 204: NoContent, ...errorAnswers(400, 429) },
      },
    },
    async (request, reply) => {
      const { token, password } = request.body;
      const admission = await admitLinkPassword(db, request, reply, password, 'errors.auth.newPasswordTooShort');
      const live = await db
        .selectFrom('password_resets')
        .select('user_id')
        .where('token_hash', '=', hashToken(token))
        .where('used_at', 'is', null)
        .where('expires_at', '>', isoNow())
        .executeTakeFirst();
      if (!live) throw badRequest('errors.auth.resetLinkInvalid');
      await releaseAttempt(db, admission);
      const passwordHash = await hashPassword(password);
      const now = isoNow();
      await db.transaction().execute(async (trx) => {
        // Marking the token used in the same statement that checks it makes it single-use under concurrency.
        const claimed = await trx
          .updateTable('password_resets')
          .set({ used_at: now })
          .where('token_hash', '=', hashToken(token))
          .where('used_at', 'is', null)
          .where('expires_at', '>', now)
          .returning('user_id')
          .executeTakeFirst();
        if (!claimed) throw badRequest('errors.auth.resetLinkInvalid');
        await trx
          .updateTable('users')
          .set((eb) => ({ password_hash: passwordHash, updated_at: now, version: eb('version', '+', 1) }))
          .where('id', '=', claimed.user_id)
          .execute();
        // Whoever had the old password (or a session or token it gave) loses them: nobody holds the new one yet.
        await revokeCredentials(trx, claimed.user_id);
        const subject = await trx
          .selectFrom('users')
          .select(['id', 'email', 'name', 'mandant_id'])
          .where('id', '=', claimed.user_id)
          .executeTakeFirstOrThrow();
        await recordAuthEvent(trx, request, 'password_reset', subject, { password: { redacted: true } });
      });
      return reply.status(204).send();
    },
  );
}

/** The signed-in user: read, and change name, language or password. */
function registerAccountRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<DatabaseSchema>; config: Config; mailer: Mailer; afterResponse: AfterResponse },
): void {
  const { db } = deps;
  const api = typed(app);

  api.get(
    '/api/auth/me',
    {
      ...signedIn(app),
      schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: SessionUser, ...errorAnswers(401) } },
    },
    async (request): Promise<SessionUser> => currentUser(request),
  );

  api.put(
    '/api/auth/me',
    {
      ...signedIn(app),
      schema: {
        tags: ['auth'],
        summary:
          'Updates name, language or password of the signed-in user; a new password ends every other session and, unless keep_api_tokens, every other API token',
        body: UpdateMeRequest,
        response: { 200: SessionUser, ...errorAnswers(400, 401, 429) },
      },
    },
    async (request, reply): Promise<SessionUser> => {
      const user = currentUser(request);
      const body = request.body;
      const changes: { name?: string; language?: UpdateMeRequest['language']; password_hash?: string } = {};
      if (body.name !== undefined) {
        if (body.name.trim() === '') throw badRequest('errors.users.nameEmpty', { name: 'errors.required' });
        changes.name = body.name.trim();
      }
      if (body.language !== undefined) changes.language = body.language;
      if (body.new_password !== undefined && body.new_password !== '') {
        const row = await db
          .selectFrom('users')
          .select('password_hash')
          .where('id', '=', user.id)
          .executeTakeFirstOrThrow();
        // Throttled like sign-in: whoever holds a session or token must not be able to guess the password with it.
        const admission = await admitPasswordCheck(db, user.email);
        if (!admission.admitted) throw throttled(reply, admission.retryAfterSeconds);
        if (!body.current_password || !(await verifyPassword(body.current_password, row.password_hash))) {
          throw badRequest('errors.auth.currentPasswordWrong', {
            current_password: 'errors.auth.currentPasswordWrong',
          });
        }
        await releaseAttempt(db, admission);
        if (body.new_password.length < MIN_PASSWORD_LENGTH) {
          throw badRequest('errors.auth.newPasswordTooShort', {
            new_password: msg('errors.auth.atLeastCharacters', { min: MIN_PASSWORD_LENGTH }),
          });
        }
        changes.password_hash = await hashPassword(body.new_password);
      }
      if (Object.keys(changes).length > 0) {
        const { sessionId, apiTokenId } = request;
        await db.transaction().execute(async (trx) => {
          await trx
            .updateTable('users')
            .set((eb) => ({ ...changes, updated_at: isoNow(), version: eb('version', '+', 1) }))
            .where('id', '=', user.id)
            .execute();
          // The credential making the change stays; the rest of what the old password let in ends with it.
          if (changes.password_hash) {
            await revokeCredentials(trx, user.id, { sessionId, apiTokenId, apiTokens: body.keep_api_tokens === true });
          }
          const before = { id: user.id, mandant_id: user.mandant_id, name: user.name, language: user.language };
          await recordChange(trx, request, {
            action: changes.password_hash ? 'password_changed' : 'updated',
            resource: 'users',
            record: { ...before, name: changes.name ?? user.name, language: changes.language ?? user.language },
            previous: before,
            writtenColumns: Object.keys(changes),
            label: user.email,
          });
        });
      }
      const updated = await loadSessionUser(db, user.id);
      if (!updated) throw unauthorized();
      return updated;
    },
  );
}
