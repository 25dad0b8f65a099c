/**
 * Where the interface language comes from: the signed-in user's profile wins, then the `i18n_redirected` cookie,
 * then the browser's languages on a first visit, then German.
 */
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../core/languages';
import { getRuntimeConfig } from '../providers/runtimeConfig';

export function readLanguageCookie(): string | null {
  const name = getRuntimeConfig().i18n.cookieName;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

export function writeLanguageCookie(language: Language): void {
  const { cookieName, cookieMaxAgeDays, cookieDomain, cookieSecure } = getRuntimeConfig().i18n;
  const parts = [
    `${cookieName}=${encodeURIComponent(language)}`,
    'path=/',
    `max-age=${Math.round(cookieMaxAgeDays * 24 * 60 * 60)}`,
    'SameSite=Lax',
  ];
  if (cookieDomain) parts.push(`domain=${cookieDomain}`);
  if (cookieSecure) parts.push('secure');
  document.cookie = parts.join('; ');
}

/** The page speaks `language` (`<html lang>`) and the cookie remembers it for the next visit. */
export function applyLanguage(language: Language): void {
  document.documentElement.lang = language;
  writeLanguageCookie(language);
}

/** The first supported language among the browser's preferences ('fr-CH' counts as 'fr'). */
export function detectBrowserLanguage(
  preferences: readonly string[] = navigator.languages ?? [navigator.language],
): Language | null {
  for (const preference of preferences) {
    const code = preference?.toLowerCase().split('-')[0];
    if (isLanguage(code)) return code;
  }
  return null;
}

export function resolveInitialLanguage(profileLanguage?: string | null): Language {
  if (isLanguage(profileLanguage)) return profileLanguage;
  const cookie = readLanguageCookie();
  if (isLanguage(cookie)) return cookie;
  if (cookie) console.warn(`Unknown language "${cookie}" in the language cookie; using the browser's or German.`);
  return detectBrowserLanguage() ?? DEFAULT_LANGUAGE;
}
