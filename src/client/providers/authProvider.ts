/**
 * Sign-in against `/api/auth/*`. The token and the user live in localStorage (see session.ts). A 401 from any call
 * signs the user out; react-admin then sends them to /login and, after signing in again, back to where they were.
 */
import { useAuthProvider, type AuthProvider } from 'react-admin';
import type {
  AcceptInvitationResponse,
  InvitationByToken,
  ApiTokenRecord,
  CreateApiTokenRequest,
  CreatedApiToken,
  LoginRequest,
  LoginResponse,
  SessionUser,
  UpdateMeRequest,
} from '../../core/api';
import { canAccessView } from '../../core/access/policy';
import { httpClient, sendJson } from './httpClient';
import { clearSession, readSession, updateSessionUser, writeSession } from './session';

function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

/** react-admin's auth provider with the rest of Kontor's `/api/auth/*`: the account's own profile, password and tokens. */
export interface KontorAuthProvider extends AuthProvider {
  /** Saves the signed-in user's profile and keeps the stored session's user current. */
  updateProfile(request: UpdateMeRequest): Promise<SessionUser>;
  /** Always succeeds for a well-formed address: the server never reveals whether an account exists. */
  forgotPassword(email: string): Promise<void>;
  resetPassword(token: string, password: string): Promise<void>;
  /** Creates the invitee's account; the server answers in `language`. */
  acceptInvitation(token: string, password: string, language: string): Promise<AcceptInvitationResponse>;
  /** The account an invitation link creates; rejects 404 with the reason (used, replaced, expired) in `language`. */
  invitationByToken(token: string, language: string): Promise<InvitationByToken>;
  apiTokens(): Promise<ApiTokenRecord[]>;
  createApiToken(request: CreateApiTokenRequest): Promise<CreatedApiToken>;
  revokeApiToken(id: number): Promise<void>;
}

const call = async <T>(path: string, method: string, payload?: unknown): Promise<T> =>
  (await sendJson<T>(path, method, payload)).json;

/**
 * `POST /api/auth/login` and the session stored: the app's `login` and the sign-in shell (src/client/signin), which
 * signs in before react-admin is loaded. Rejects with the API's error (401 wrong credentials, 429 throttled).
 */
export async function signIn({ email, password }: LoginRequest): Promise<void> {
  const { json } = await sendJson<LoginResponse>('/auth/login', 'POST', { email, password });
  writeSession({ token: json.token, expires_at: json.expires_at, user: json.user });
}

export function createAuthProvider(): KontorAuthProvider {
  // The stored session is checked against the server once per page load; later route changes trust it until an API
  // call answers 401.
  let verification: Promise<void> | null = null;

  const verifySession = (): Promise<void> => {
    verification ??= sendJson<SessionUser>('/auth/me', 'GET').then(
      ({ json }) => updateSessionUser(json),
      (error: unknown) => {
        if (statusOf(error) === 401) {
          clearSession();
          verification = null;
          throw error;
        }
        // offline or server trouble: keep the session and let the screens report their own errors
      },
    );
    return verification;
  };

  return {
    async login(credentials: LoginRequest) {
      await signIn(credentials);
      verification = Promise.resolve();
    },

    async logout() {
      const session = readSession();
      verification = null;
      if (session) {
        // The server session is revoked best-effort: signing out locally must work even offline.
        await sendJson('/auth/logout', 'POST').catch(() => undefined);
      }
      clearSession();
    },

    async checkAuth() {
      if (!readSession()) throw new Error('ra.auth.auth_check_error');
      await verifySession();
    },

    async checkError(error: unknown) {
      if (statusOf(error) === 401) {
        clearSession();
        verification = null;
        throw error;
      }
    },

    async getIdentity() {
      const session = readSession();
      if (!session) throw new Error('ra.auth.auth_check_error');
      const { user } = session;
      return {
        id: user.id,
        fullName: user.name,
        email: user.email,
        language: user.language,
        role: user.role,
        mandantName: user.mandant_name,
      };
    },

    async getPermissions() {
      return readSession()?.user.role ?? null;
    },

    // react-admin's views, buttons and `useCanAccess`/`<CanAccess>` ask here; the server enforces the same policy.
    async canAccess({ action, resource, record }) {
      return canAccessView(readSession()?.user ?? null, action, resource, record);
    },

    async updateProfile(request) {
      const user = await call<SessionUser>('/auth/me', 'PUT', request);
      updateSessionUser(user);
      return user;
    },
    async forgotPassword(email) {
      await call('/auth/forgot-password', 'POST', { email });
    },
    async resetPassword(token, password) {
      await call('/auth/reset-password', 'POST', { token, password });
    },
    async acceptInvitation(token, password, language) {
      const { json } = await httpClient<AcceptInvitationResponse>('/auth/accept-invitation', {
        method: 'POST',
        body: JSON.stringify({ token, password }),
        headers: { 'Accept-Language': language },
      });
      return json;
    },
    async invitationByToken(token, language) {
      const { json } = await httpClient<InvitationByToken>(`/invitations/by-token?token=${encodeURIComponent(token)}`, {
        headers: { 'Accept-Language': language },
      });
      return json;
    },
    apiTokens: () => call('/auth/tokens', 'GET'),
    createApiToken: (request) => call('/auth/tokens', 'POST', request),
    async revokeApiToken(id) {
      await call(`/auth/tokens/${id}`, 'DELETE');
    },
  };
}

/** The signed-in user as last seen (login or `/api/auth/me`), or null. */
export function currentUser(): SessionUser | null {
  return readSession()?.user ?? null;
}

/** The auth provider with Kontor's account methods (inside react-admin's context, where the app always has one). */
export const useKontorAuthProvider = () => useAuthProvider<KontorAuthProvider>() as KontorAuthProvider;
