import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { httpClient } from '../../../src/client/providers/httpClient';
import { createDataProvider } from '../../../src/client/providers/dataProvider';
import { getApiBaseUrl } from '../../../src/client/providers/runtimeConfig';
import { writeSession } from '../../../src/client/providers/session';
import { startAnalytics } from '../../../src/client/monitoring/analytics';
import { getRuntimeConfig } from '../../../src/client/providers/runtimeConfig';
import { API, editor, server } from '../mockServer';

describe('httpClient and runtime configuration', () => {
  afterEach(() => {
    delete window.KONTOR_CONFIG;
  });

  it('defaults to <origin>/api, sends Accept and the Bearer token', async () => {
    writeSession({ token: 'abc', user: editor });
    let headers: Headers | null = null;
    server.use(
      http.get(`${API}/ping`, ({ request }) => {
        headers = request.headers;
        return HttpResponse.json({ ok: true });
      }),
    );
    const response = await httpClient('/ping');
    expect(response.json).toEqual({ ok: true });
    expect(getApiBaseUrl()).toBe(`${window.location.origin}/api`);
    expect(headers!.get('Accept')).toBe('application/json, text/plain');
    expect(headers!.get('Authorization')).toBe('Bearer abc');
  });

  it('takes browserBaseURL before baseURL, makes it absolute, and uses the configured scheme', async () => {
    window.KONTOR_CONFIG = { baseURL: 'http://ignored.test/api', browserBaseURL: '/backend/', authScheme: 'Token' };
    writeSession({ token: 'xyz', user: editor });
    let auth: string | null = null;
    server.use(
      http.get(`${window.location.origin}/backend/users`, ({ request }) => {
        auth = request.headers.get('Authorization');
        return HttpResponse.json([{ id: 1 }], { headers: { 'Content-Range': 'users 0-0/1' } });
      }),
    );
    const result = await createDataProvider().getList('users', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(result).toMatchObject({ data: [{ id: 1 }], total: 1 });
    expect(auth).toBe('Token xyz');

    window.KONTOR_CONFIG = { baseURL: 'https://api.example.test/v1/' };
    expect(getApiBaseUrl()).toBe('https://api.example.test/v1');
  });

  it('turns error answers into HttpErrors carrying {message, errors}', async () => {
    server.use(
      http.post(`${API}/things`, () =>
        HttpResponse.json({ message: 'Invalid', errors: { name: 'Too long' } }, { status: 400 }),
      ),
    );
    const error = await httpClient('/things', { method: 'POST', body: '{}' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Invalid',
      body: { message: 'Invalid', errors: { name: 'Too long' } },
    });
  });

  it('loads the analytics script only when configured and only on a configured domain', () => {
    expect(startAnalytics(getRuntimeConfig())).toBe(false);
    window.KONTOR_CONFIG = {
      analytics: { scriptUrl: 'https://stats.example.test/script.js', domains: ['kontor.example'] },
    };
    expect(startAnalytics(getRuntimeConfig(), 'localhost')).toBe(false);
    expect(startAnalytics(getRuntimeConfig(), 'kontor.example')).toBe(true);
    const script = document.head.querySelector('script[src="https://stats.example.test/script.js"]');
    expect(script).toHaveAttribute('data-domain', 'kontor.example');
    script?.remove();
  });
});
