/**
 * The one translator for texts outside react-admin's own i18nProvider: server errors, rule and checker messages,
 * protocol summaries, mails and PDFs. Every text lives in `locales/<lang>.json` under a key, with polyglot's syntax —
 * `%{name}` placeholders and `one |||| many` plurals chosen by `smart_count` under each language's own rule — the same
 * format react-admin reads on the client. German is bundled as the fallback; the server registers all five languages
 * (`./all-locales`), the client the language it has loaded.
 */
import Polyglot from 'node-polyglot';
import de from '../../../locales/de.json';
import { DEFAULT_LANGUAGE, type Language } from '../languages';

export interface MessageTree {
  [key: string]: string | MessageTree;
}

export type MessageParams = Record<string, string | number>;

const translators = new Map<Language, Polyglot>();

/** Makes `language`'s messages available (replacing any registered before). */
export function registerMessages(language: Language, phrases: MessageTree): void {
  translators.set(language, new Polyglot({ locale: language, phrases, allowMissing: false, onMissingKey: () => '' }));
}

registerMessages(DEFAULT_LANGUAGE, de as MessageTree);

/** The text at `key` in `language` with `params` filled in, German when the language lacks it; null when none has it. */
export function findMessage(language: Language, key: string, params: MessageParams = {}): string | null {
  for (const candidate of [language, DEFAULT_LANGUAGE]) {
    const polyglot = translators.get(candidate);
    if (polyglot?.has(key)) return polyglot.t(key, params);
  }
  return null;
}

/** The text at `key` in `language` with `params` filled in; German when the language lacks it, the key when none has it. */
export function translate(language: Language, key: string, params: MessageParams = {}): string {
  return findMessage(language, key, params) ?? key;
}
