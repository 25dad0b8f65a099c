/** Registers all five languages with the translator: imported by the server, which answers every reader. */
import de from '../../../locales/de.json';
import en from '../../../locales/en.json';
import es from '../../../locales/es.json';
import fr from '../../../locales/fr.json';
import it from '../../../locales/it.json';
import type { Language } from '../languages';
import { type MessageTree, registerMessages } from './translate';

export const LOCALE_FILES: Record<Language, MessageTree> = { de, en, fr, it, es } as unknown as Record<
  Language,
  MessageTree
>;

for (const [language, tree] of Object.entries(LOCALE_FILES)) registerMessages(language as Language, tree);
