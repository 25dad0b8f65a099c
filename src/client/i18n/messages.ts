/**
 * Translation messages per language in react-admin's format (`%{var}`, `a |||| b` plurals): the ra-language pack
 * (where one exists) with `locales/<lang>.json` on top. German is bundled; the others are separate chunks.
 */
import germanRaMessages from 'ra-language-german';
import germanAppMessages from '../../../locales/de.json';
import { registerMessages, type MessageTree } from '../../core/i18n/translate';
import type { Language } from '../../core/languages';

/** Deep merge; `override` wins key by key. */
export function mergeMessages(base: MessageTree, override: MessageTree): MessageTree {
  const result: MessageTree = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const current = result[key];
    result[key] = typeof value === 'object' && typeof current === 'object' ? mergeMessages(current, value) : value;
  }
  return result;
}

export const germanMessages: MessageTree = mergeMessages(
  germanRaMessages as MessageTree,
  germanAppMessages as MessageTree,
);

const loaders: Record<Exclude<Language, 'de'>, () => Promise<MessageTree>> = {
  en: async () => {
    const [ra, app] = await Promise.all([import('ra-language-english'), import('../../../locales/en.json')]);
    return mergeMessages(ra.default as unknown as MessageTree, app.default as MessageTree);
  },
  fr: async () => {
    const [ra, app] = await Promise.all([import('ra-language-french'), import('../../../locales/fr.json')]);
    return mergeMessages(ra.default as unknown as MessageTree, app.default as MessageTree);
  },
  // No maintained ra-language pack for Italian and Spanish: their locale files carry the ra.* messages too.
  it: async () => (await import('../../../locales/it.json')).default as MessageTree,
  es: async () => (await import('../../../locales/es.json')).default as MessageTree,
};

export async function loadMessages(language: Language): Promise<MessageTree> {
  const messages = language === 'de' ? germanMessages : await loaders[language]();
  // Messages worded outside react-admin (rule messages of the core engine) read the same loaded language.
  registerMessages(language, messages);
  return messages;
}
