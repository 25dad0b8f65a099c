/**
 * What a page says when the record its address names did not load. Only a 404 means the record is missing: a 503 (the
 * server or its database busy or down, a proxy in between) says so in the app's own words, with the wait the server
 * asked for, a refused network request says which (offline, unreachable), and any other refusal is the server's own
 * message. Reading every failed load as "not found" would send users looking for a record that is there.
 */
import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import { httpErrorText, retryAfterSeconds } from '../../providers/httpClient';

const statusOf = (error: unknown): number | undefined => (error as { status?: unknown } | null)?.status as never;

/** Whether a failed load means the record does not exist (or the load has not failed at all). */
export const isMissing = (error: unknown): boolean => !error || statusOf(error) === 404;

export function useLoadFailureText(): (error: unknown, notFound: string) => string {
  const translate = useTranslate();
  return useCallback(
    (error, notFound) => {
      if (isMissing(error)) return notFound;
      const status = statusOf(error);
      if (status === 503) {
        const seconds = retryAfterSeconds(error);
        return seconds === null ? translate('errors.unavailable') : translate('errors.unavailable_retry', { seconds });
      }
      // The network error's message is a translation key (httpClient's networkError).
      const text = httpErrorText(error);
      return translate(text, { _: text });
    },
    [translate],
  );
}
