/**
 * Client texts on the server (CSV headers and values), from the same locales/<lang>.json the pages use,
 * so a download reads like the screen. German is the fallback, as in the client.
 */
import de from '../../../locales/de.json';
import en from '../../../locales/en.json';
import es from '../../../locales/es.json';
import fr from '../../../locales/fr.json';
import it from '../../../locales/it.json';
import { DEFAULT_LANGUAGE, type Language } from '../../core/languages';

type Tree = { [key: string]: string | Tree };
const CATALOGUES: Record<Language, Tree> = { de, en, fr, it, es } as unknown as Record<Language, Tree>;

function lookup(tree: Tree, path: string): string | null {
  let node: string | Tree | undefined = tree;
  for (const part of path.split('.')) {
    // Own keys only: a key built from stored data ("actions.constructor") must not find an Object member.
    if (typeof node !== 'object' || !Object.hasOwn(node, part)) return null;
    node = node[part];
  }
  return typeof node === 'string' ? node : null;
}

/** The text at `key` (e.g. `statistics.columns.month`) in `language`, German if missing; null if no language has it. */
export function localeText(language: Language, key: string): string | null {
  return lookup(CATALOGUES[language], key) ?? lookup(CATALOGUES[DEFAULT_LANGUAGE], key);
}
