/** Statistics texts on the server (CSV headers and values), from the same `statistics.*` messages the page uses. */
import type { Language } from '../../core/languages';
import { findMessage } from '../../core/i18n/translate';
import '../../core/i18n/all-locales';

/** `statistics.<key>` in `language` (German if missing); null if no language has it. */
export function statisticsText(language: Language, key: string): string | null {
  return findMessage(language, `statistics.${key}`);
}
