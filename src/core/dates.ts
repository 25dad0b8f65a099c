/**
 * Dates and times in the reader's language, for the client's screens and the server's exports
 * alike. A day (`2025-01-01`, no time) is a calendar date, not an instant: it is formatted in UTC
 * so that no time zone moves it to the day before.
 */

export function formatDay(locale: string, day: string): string {
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(ms)
    ? day
    : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(ms));
}

export function formatDateTime(value: string | null | undefined, locale: string): string {
  if (!value) return '—';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));
}

/** The calendar day of an instant (an order placed, a token created), in the viewer's time zone. */
export function formatInstantDay(value: string | null | undefined, locale: string): string {
  if (!value) return '—';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(value));
}

/** `timeZone` if the runtime knows it (an IANA name such as Europe/Berlin), else null. */
export function knownTimeZone(timeZone: string | null | undefined): string | null {
  if (!timeZone) return null;
  try {
    return new Intl.DateTimeFormat('en', { timeZone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/**
 * An instant for a file that leaves the screen (CSV export): the reader's local time in `timeZone` WITH its offset
 * ("28.11.2026, 16:20 GMT+1"), so a time read elsewhere, or in another season, is never mistaken.
 */
export function formatInstantWithOffset(value: string | null | undefined, locale: string, timeZone: string): string {
  if (!value) return '—';
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'shortOffset',
    timeZone,
  }).format(new Date(value));
}
