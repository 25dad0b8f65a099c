/** Dates and times in the interface language: core's formatters, shared with the server's exports. */
export { formatDateTime, formatDay, formatInstantDay } from '../../core/dates';

/** A wait from now in the interface language ("in 5 seconds", "in 3 minutes"): seconds under two minutes, else whole minutes. */
export function formatWaitFromNow(locale: string, seconds: number): string {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
  if (seconds < 120) return format.format(Math.max(1, Math.ceil(seconds)), 'second');
  return format.format(Math.ceil(seconds / 60), 'minute');
}
