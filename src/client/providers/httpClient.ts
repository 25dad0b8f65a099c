/**
 * Our fetch wrapper for every API call: absolute base URL from the runtime configuration, JSON in and out, the
 * session token, the top progress bar while it runs, and errors as react-admin `HttpError`s whose body carries
 * `{message, errors}` so server field errors land on form fields (network failures: see `networkError`).
 */
import { HttpError } from 'react-admin';
import type { ApiErrorBody } from '../../core/api';
import { getApiBaseUrl, getRuntimeConfig } from './runtimeConfig';
import { readSession } from './session';
import { trackActivity } from '../shell/progress/activity';
import { announceSessionRejected } from '../shell/session/sessionRejected';

export interface HttpResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: string;
  json: T;
}

/** `path` is either absolute (as ra-data-simple-rest passes it) or relative to the API base, e.g. `/auth/me`. */
export function apiUrl(path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${getApiBaseUrl()}${path.startsWith('/') ? '' : '/'}${path}`;
}

export function authorizationHeader(token: string, scheme = getRuntimeConfig().authScheme): string {
  return scheme ? `${scheme} ${token}` : token;
}

function errorBody(status: number, statusText: string, json: unknown): ApiErrorBody {
  if (json && typeof json === 'object' && typeof (json as ApiErrorBody).message === 'string') {
    const { message, errors } = json as ApiErrorBody;
    return errors ? { message, errors } : { message };
  }
  return { message: statusText || `HTTP ${status}` };
}

/**
 * A request the network refused (offline, server unreachable, CORS): an `HttpError` with status 0 whose message is a
 * translation key, so react-admin's notification explains that the change was not sent. Forms keep their content
 * because mutations are pessimistic: nothing is reset until the server has answered.
 */
export function networkError(method: string, cause: unknown): HttpError {
  const reading = method.toUpperCase() === 'GET' || method.toUpperCase() === 'HEAD';
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  const key = `shell.connectivity.${offline ? 'offline' : 'unreachable'}_${reading ? 'not_loaded' : 'not_sent'}`;
  const error = new HttpError(key, 0, { message: key });
  (error as { cause?: unknown }).cause = cause;
  return error;
}

async function send<B>(
  url: string,
  init: RequestInit,
  read: (response: Response) => Promise<B>,
): Promise<{ response: Response; body: B }> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    // A cancelled request (react-query aborts stale queries) is not a network problem.
    if ((error as { name?: unknown } | null)?.name === 'AbortError') throw error;
    throw networkError(init.method ?? 'GET', error);
  }
  let body: B;
  try {
    body = await read(response);
  } catch (error) {
    if ((error as { name?: unknown } | null)?.name === 'AbortError') throw error;
    throw networkError(init.method ?? 'GET', error);
  }
  return { response, body };
}

function parseJson(body: string): unknown {
  if (!body) return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return undefined; // text/plain answers are fine: `body` still carries them
  }
}

function requestHeaders(options: RequestInit) {
  const headers = new Headers(options.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json, text/plain');
  const hasJsonBody = options.body != null && typeof options.body === 'string';
  if (hasJsonBody && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  const session = readSession();
  if (session && !headers.has('Authorization')) headers.set('Authorization', authorizationHeader(session.token));
  return { headers, session };
}

function failure(
  response: Response,
  json: unknown,
  headers: Headers,
  session: ReturnType<typeof readSession>,
): HttpError {
  const errBody = errorBody(response.status, response.statusText, json);
  const error = new HttpError(errBody.message, response.status, errBody);
  const retryAfter = response.headers.get('Retry-After');
  // Seconds only: Kontor never sends the HTTP-date form.
  if (retryAfter !== null && /^\d+$/.test(retryAfter.trim()))
    Object.assign(error, { retryAfterSeconds: Number(retryAfter) });
  // Only a session we sent can have expired; a wrong password at sign-in is the login form's to show.
  if (response.status === 401 && session && headers.get('Authorization') === authorizationHeader(session.token))
    announceSessionRejected(error);
  return error;
}

const isSuccess = (response: Response) => response.status >= 200 && response.status < 300;

export async function httpClient<T = unknown>(path: string, options: RequestInit = {}): Promise<HttpResponse<T>> {
  const { headers, session } = requestHeaders(options);
  const { response, body } = await trackActivity(send(apiUrl(path), { ...options, headers }, (r) => r.text()));
  const json = parseJson(body);
  if (!isSuccess(response)) throw failure(response, json, headers, session);
  return { status: response.status, headers: response.headers, body, json: json as T };
}

// A Blob of this realm (the page's, or jsdom's in tests) rather than the fetch implementation's own.
const readFile = async (r: Response): Promise<Blob | string> =>
  isSuccess(r) ? new Blob([await r.arrayBuffer()], { type: r.headers.get('Content-Type') ?? '' }) : r.text();

/** A file the API renders (CSV, PDF): its bytes as sent (a CSV's BOM included) and the answer's headers. */
export async function httpFile(path: string, accept: string): Promise<{ blob: Blob; headers: Headers }> {
  const { headers, session } = requestHeaders({ headers: { Accept: accept } });
  const { response, body } = await trackActivity(send(apiUrl(path), { headers }, readFile));
  if (!isSuccess(response)) throw failure(response, parseJson(body as string), headers, session);
  return { blob: body as Blob, headers: response.headers };
}

/** JSON request helper for the non-resource endpoints (`/auth/*`). */
export function sendJson<T = unknown>(path: string, method: string, payload?: unknown): Promise<HttpResponse<T>> {
  return httpClient<T>(path, { method, body: payload === undefined ? undefined : JSON.stringify(payload) });
}

/** A failed request as one line for a notification: the server's message and its field errors (or the error's own text). */
export function httpErrorText(error: unknown): string {
  const body = (error as { body?: Partial<ApiErrorBody> } | null)?.body;
  const message =
    typeof body?.message === 'string' ? body.message : error instanceof Error ? error.message : String(error);
  return [message, ...Object.values(body?.errors ?? {})].filter(Boolean).join(' ');
}

/** Seconds a refused request was asked to wait before trying again (Retry-After, e.g. a throttled sign-in), or null. */
export function retryAfterSeconds(error: unknown): number | null {
  const value = (error as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
  return typeof value === 'number' ? value : null;
}
