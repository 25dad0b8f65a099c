/**
 * Dates and times in the interface language. A day (`2025-01-01`, no time) is a calendar date, not
 * an instant: it is formatted in UTC so that no time zone moves it to the day before.
 */

export function formatDay(locale: string, day: string): string {
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(ms) ? day : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(ms));
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

/** A wait from now in the interface language ("in 5 seconds", "in 3 minutes"): seconds under two minutes, else whole minutes. */
export function formatWaitFromNow(locale: string, seconds: number): string {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
  if (seconds < 120) return format.format(Math.max(1, Math.ceil(seconds)), 'second');
  return format.format(Math.ceil(seconds / 60), 'minute');
}
