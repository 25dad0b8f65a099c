/**
 * Error messages leave the server in the reader's language: the signed-in user's profile language, otherwise the
 * request's Accept-Language (our client sets it to the interface language), otherwise German, the default.
 */
import type { FastifyRequest } from 'fastify';
import type { ApiErrorBody, SessionUser } from '../../core/api';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../core/languages';
import { ERROR_CATALOG } from './error-catalog';

const exact = new Map<string, (typeof ERROR_CATALOG)[number]>();
const patterns: { regex: RegExp; entry: (typeof ERROR_CATALOG)[number] }[] = [];
for (const entry of ERROR_CATALOG) {
  if (/\{\d\}/.test(entry.en)) {
    const source = entry.en
      .split(/(\{\d\})/)
      .map((part) => (/^\{\d\}$/.test(part) ? '(.+?)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('');
    patterns.push({ regex: new RegExp(`^${source}$`, 's'), entry });
  } else {
    exact.set(entry.en, entry);
  }
}

/** The reader's language for an answer to this request. */
export function requestLanguage(request: FastifyRequest): Language {
  const user = (request as FastifyRequest & { user?: SessionUser | null }).user;
  if (user && isLanguage(user.language)) return user.language;
  const header = request.headers['accept-language'];
  if (typeof header === 'string') {
    for (const part of header.split(',')) {
      const code = part.trim().split(';')[0]?.split('-')[0]?.toLowerCase();
      if (isLanguage(code)) return code;
    }
  }
  return DEFAULT_LANGUAGE;
}

/** Translates one of the server's English messages; messages it does not know (already localised ones) pass through. */
export function translateMessage(message: string, lang: Language): string {
  if (lang === 'en') return message;
  const known = exact.get(message);
  if (known) return known[lang];
  for (const { regex, entry } of patterns) {
    const match = regex.exec(message);
    if (match) return entry[lang].replace(/\{(\d)\}/g, (_, n: string) => match[Number(n)] ?? '');
  }
  return message;
}

export function translateErrorBody(body: ApiErrorBody, lang: Language): ApiErrorBody {
  if (lang === 'en') return body;
  const translated: ApiErrorBody = { message: translateMessage(body.message, lang) };
  if (body.errors) {
    translated.errors = Object.fromEntries(
      Object.entries(body.errors).map(([field, message]) => [field, translateMessage(message, lang)]),
    );
  }
  return translated;
}
