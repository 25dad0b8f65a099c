/**
 * Vite plugin `virtual:sign-in-messages/<lang>`: the part of `locales/<lang>.json` the sign-in shell shows, cut out at build time,
 * so the login page carries a few hundred bytes of German instead of the whole catalogue (issue #22) and the other
 * languages cost as little when chosen. The texts stay in the locale files, the one place for them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:sign-in-messages/';

/** The keys the sign-in shell reads (a group takes every message below it). */
export const SIGN_IN_KEYS = [
  'app.login',
  'app.tagline',
  'app.language.change',
  'app.document_title',
  'app.document_title_page',
] as const;

type Tree = { [key: string]: unknown };

function pick(source: Tree, key: string, into: Tree): void {
  const parts = key.split('.');
  let from: unknown = source;
  for (const part of parts) from = (from as Tree | undefined)?.[part];
  if (from === undefined) return;
  let to = into;
  for (const part of parts.slice(0, -1)) to = (to[part] ??= {}) as Tree;
  to[parts[parts.length - 1]!] = from;
}

export function signInMessagesSubset(catalogue: Tree): Tree {
  const subset: Tree = {};
  for (const key of SIGN_IN_KEYS) pick(catalogue, key, subset);
  return subset;
}

export function signInMessages(localesDir: string): Plugin {
  return {
    name: 'kontor-sign-in-messages',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const language = id.slice(PREFIX.length + 1);
      if (!/^[a-z]{2}$/.test(language)) throw new Error(`No sign-in messages for "${language}".`);
      const file = path.join(localesDir, `${language}.json`);
      this.addWatchFile(file);
      const catalogue = JSON.parse(readFileSync(file, 'utf8')) as Tree;
      return `export default ${JSON.stringify(signInMessagesSubset(catalogue))};`;
    },
  };
}
