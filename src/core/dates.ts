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
