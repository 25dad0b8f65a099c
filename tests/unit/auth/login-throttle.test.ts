/**
 * The throttle's delays and its refusal messages (auth/login-throttle.ts): growing from 1 s after the
 * free failures, capped at 15 minutes; every form of the message is a plural message of the locales.
 */
import { describe, expect, it } from 'vitest';
import { delayAfter, MAX_DELAY_MS, throttledMessage } from '../../../src/server/auth/login-throttle';
import { errorText } from '../../../src/server/http/errors';
import '../../../src/server/i18n/translate';
import { LANGUAGES } from '../../../src/core/languages';

describe('login throttle policy', () => {
  it('lets the free failures through, then doubles the wait from 1 s up to 15 minutes', () => {
    expect([0, 1, 4].map((n) => delayAfter(n, 5))).toEqual([0, 0, 0]);
    expect([5, 6, 7, 8].map((n) => delayAfter(n, 5))).toEqual([1000, 2000, 4000, 8000]);
    expect(delayAfter(15, 5)).toBe(MAX_DELAY_MS);
    expect(MAX_DELAY_MS).toBe(15 * 60_000);
    expect(delayAfter(1_000_000, 5)).toBe(MAX_DELAY_MS);
  });

  it('says when to try again, in every language', () => {
    const english = (seconds: number) => errorText(throttledMessage(seconds), 'en');
    expect(english(1)).toBe('Too many failed sign-in attempts. Please try again in 1 second.');
    expect(english(64)).toBe('Too many failed sign-in attempts. Please try again in 64 seconds.');
    expect(english(900)).toBe('Too many failed sign-in attempts. Please try again in 15 minutes.');
    expect(english(121)).toBe('Too many failed sign-in attempts. Please try again in 3 minutes.');
    for (const seconds of [1, 2, 119, 120, 900]) {
      for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
        const translated = errorText(throttledMessage(seconds), lang);
        expect(translated, `${seconds} s, ${lang}`).not.toBe(english(seconds));
        expect(translated).toContain(String(seconds < 120 ? seconds : Math.ceil(seconds / 60)));
      }
    }
    expect(errorText(throttledMessage(30), 'de')).toBe(
      'Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es in 30 Sekunden erneut.',
    );
  });
});
