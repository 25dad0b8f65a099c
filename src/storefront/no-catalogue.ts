/**
 * Stands in for core/i18n/translate.ts in the calculator's bundle only (vite.storefront.config.ts): the shared engine
 * words its template-checker faults through the message catalogue, which would bring i18next and the German
 * catalogue (about 50 KB gzip) into a shop's page. The calculator reads every text it shows from the storefront's
 * config, in the customer's language; an engine fault only makes it wait for the server's quote, so here a fault's
 * wording is its key.
 */
import type { Language } from '../core/languages';

export type MessageParams = Record<string, string | number>;

export function findMessage(_language: Language, _key: string, _params?: MessageParams): string | null {
  return null;
}

export function translate(_language: Language, key: string, _params?: MessageParams): string {
  return key;
}
