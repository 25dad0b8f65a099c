/**
 * Protocol texts on the server (CSV export), from the same `protocol.*` messages in locales/<lang>.json
 * the page uses, so the export reads like the screen. German is the fallback, as in the client.
 */
import de from '../../../locales/de.json';
import en from '../../../locales/en.json';
import es from '../../../locales/es.json';
import fr from '../../../locales/fr.json';
import it from '../../../locales/it.json';
import type { ProtocolEntryRecord } from '../../core/api';
import { DEFAULT_LANGUAGE, type Language } from '../../core/languages';

type Tree = { [key: string]: string | Tree };
const CATALOGUES: Record<Language, Tree> = { de, en, fr, it, es } as unknown as Record<Language, Tree>;

function lookup(tree: Tree, path: string): string | null {
  let node: string | Tree | undefined = tree;
  for (const part of path.split('.')) {
    if (typeof node !== 'object') return null;
    node = node[part];
  }
  return typeof node === 'string' ? node : null;
}

/** `protocol.<key>` in `language` (German if missing), `%{name}` replaced; null if no language has it. */
export function protocolText(language: Language, key: string, params: Record<string, unknown> = {}): string | null {
  const message = lookup(CATALOGUES[language], `protocol.${key}`) ?? lookup(CATALOGUES[DEFAULT_LANGUAGE], `protocol.${key}`);
  if (message === null) return null;
  return message.replace(/%\{(\w+)\}/g, (_, name: string) => (params[name] === undefined || params[name] === null ? '' : String(params[name])));
}

export function resourceName(language: Language, resource: string | null): string {
  if (!resource) return '';
  return protocolText(language, `resources.${resource}`) ?? resource;
}

/** The entry's summary in the reader's language (same rule as the page's ProtocolSummary). */
export function summaryText(language: Language, entry: ProtocolEntryRecord): string {
  const params = {
    label: entry.record_label ?? '',
    resource: resourceName(language, entry.resource),
    email: entry.user_email ?? '',
    ...entry.summary.params,
  };
  const key = entry.summary.key ?? entry.action;
  const action = protocolText(language, `actions.${entry.action}`) ?? entry.action;
  return protocolText(language, `summary.${key}`, params) ?? protocolText(language, 'summary.generic', { ...params, action }) ?? key;
}
