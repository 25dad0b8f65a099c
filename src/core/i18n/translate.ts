/**
 * The one translator for texts outside react-admin's own i18nProvider: server errors, rule and checker messages,
 * protocol summaries, CSV messages, mails and PDFs. Every text lives in `locales/<lang>.json` under a key, read through
 * i18next exactly as the client's i18nProvider reads it (`./i18next-messages`): `%{name}` placeholders and
 * `one |||| other` plurals chosen by `smart_count` under each language's CLDR rule. German is bundled as the fallback;
 * the server registers all five languages (`./all-locales`), the client the language it has loaded.
 */
import { createInstance } from 'i18next';
import de from '../../../locales/de.json';
import type { Language } from '../languages';
import { I18NEXT_OPTIONS, NAMESPACE, toI18nextMessages, type MessageTree } from './i18next-messages';

export type { MessageTree } from './i18next-messages';

export type MessageParams = Record<string, string | number>;

const i18next = createInstance();
// No backend to wait for: init finishes synchronously, before the first message is asked for.
void i18next.init({ ...I18NEXT_OPTIONS, initImmediate: false, resources: {} });

/** Makes `language`'s messages available (replacing any registered before). */
export function registerMessages(language: Language, phrases: MessageTree): void {
  i18next.removeResourceBundle(language, NAMESPACE);
  i18next.addResourceBundle(language, NAMESPACE, toI18nextMessages(phrases));
}

registerMessages('de', de as MessageTree);

/** The text at `key` in `language` with `params` filled in, German when the language lacks it; null when none has it. */
export function findMessage(language: Language, key: string, params: MessageParams = {}): string | null {
  // react-admin's `smart_count` is i18next's `count`, as in the client's i18nProvider.
  const options = {
    ...params,
    lng: language,
    ...(params.smart_count === undefined ? {} : { count: Number(params.smart_count) }),
  };
  if (!i18next.exists(key, options)) return null;
  // A key naming a group of messages is not a message.
  const text: unknown = i18next.t(key, { ...options, returnObjects: true });
  return typeof text === 'string' ? text : null;
}

/** The text at `key` in `language` with `params` filled in; German when the language lacks it, the key when none has it. */
export function translate(language: Language, key: string, params: MessageParams = {}): string {
  return findMessage(language, key, params) ?? key;
}
