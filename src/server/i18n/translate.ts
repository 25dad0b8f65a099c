/**
 * Error messages leave the server in the reader's language: the signed-in user's profile language, otherwise the
 * request's Accept-Language (our client sets it to the interface language), otherwise German, the default.
 */
import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../../core/api';
import '../../core/i18n/all-locales';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../core/languages';

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
