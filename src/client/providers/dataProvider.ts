/** The ra-data-simple-rest dialect over our own httpClient (base URL, token, error bodies). */
import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, GetListResult } from 'react-admin';
import { httpClient } from './httpClient';
import { getApiBaseUrl } from './runtimeConfig';

/**
 * A list past the server's count cap answers `Content-Range: … 0-24/*`, which simple-rest reads as NaN.
 * react-admin's partial pagination takes over there: no total, only whether another page follows
 * ("1–25 of more than 10,000").
 */
function withPartialPages(result: GetListResult, pagination: { page: number; perPage: number } | undefined): GetListResult {
  if (!Number.isNaN(result.total)) return result;
  const { page, perPage } = pagination ?? { page: 1, perPage: 10 };
  return { data: result.data, pageInfo: { hasPreviousPage: page > 1, hasNextPage: result.data.length === perPage } };
}

export function createDataProvider(): DataProvider {
  // The base URL is resolved per request so a changed runtime configuration needs no new provider.
  const rest = simpleRestProvider('', (url: string, options?: RequestInit) => httpClient(`${getApiBaseUrl()}${url}`, options));
  return {
    ...rest,
    getList: async (resource, params) => withPartialPages(await rest.getList(resource, params), params.pagination),
    getManyReference: async (resource, params) => withPartialPages(await rest.getManyReference(resource, params), params.pagination),
  };
}
