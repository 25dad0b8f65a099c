/** The ra-data-simple-rest dialect over our own httpClient (base URL, token, error bodies). */
import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import { httpClient } from './httpClient';
import { getApiBaseUrl } from './runtimeConfig';

export function createDataProvider(): DataProvider {
  // The base URL is resolved per request so a changed runtime configuration needs no new provider.
  return simpleRestProvider('', (url: string, options?: RequestInit) =>
    httpClient(`${getApiBaseUrl()}${url}`, options),
  );
}
