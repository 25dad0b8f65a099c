/**
 * Our fetch wrapper for every API call: absolute base URL from the runtime configuration, JSON in and out, the
 * session token, and errors as react-admin `HttpError`s whose body carries `{message, errors}` so server field
 * errors land on form fields.
 */
import { HttpError } from 'react-admin';
import type { ApiErrorBody } from '../../core/api';
import { getApiBaseUrl, getRuntimeConfig } from './runtimeConfig';
import { readSession } from './session';

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

export async function httpClient<T = unknown>(path: string, options: RequestInit = {}): Promise<HttpResponse<T>> {
  const headers = new Headers(options.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json, text/plain');
  const hasJsonBody = options.body != null && typeof options.body === 'string';
  if (hasJsonBody && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  const session = readSession();
  if (session && !headers.has('Authorization')) headers.set('Authorization', authorizationHeader(session.token));

  const response = await fetch(apiUrl(path), { ...options, headers });
  const body = await response.text();
  let json: unknown = undefined;
  if (body) {
    try {
      json = JSON.parse(body);
    } catch {
      // text/plain answers are fine: `body` still carries them
    }
  }
  if (response.status < 200 || response.status >= 300) {
    const errBody = errorBody(response.status, response.statusText, json);
    throw new HttpError(errBody.message, response.status, errBody);
  }
  return { status: response.status, headers: response.headers, body, json: json as T };
}

/** JSON request helper for the non-resource endpoints (`/auth/*`). */
export function sendJson<T = unknown>(path: string, method: string, payload?: unknown): Promise<HttpResponse<T>> {
  return httpClient<T>(path, { method, body: payload === undefined ? undefined : JSON.stringify(payload) });
}
