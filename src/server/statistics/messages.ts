/** Statistics texts on the server (CSV headers and values), from the same `statistics.*` messages the page uses. */
import type { Language } from '../../core/languages';
import { localeText } from '../i18n/locale-text';

/** `statistics.<key>` in `language` (German if missing); null if no language has it. */
export function statisticsText(language: Language, key: string): string | null {
  return localeText(language, `statistics.${key}`);
}
