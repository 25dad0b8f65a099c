/**
 * The statistics request: which statistic, over which days, for which mandant(s), as JSON or CSV.
 * Everything is checked here, before any query runs, so bad input answers 400/404 with a message.
 */
import type { Kysely } from 'kysely';
import { msg } from '../../core/i18n/error-keys';
import { STATISTIC_NAMES, StatisticsRequestQuery, type SessionUser, type StatisticName } from '../../core/api';
import { isLanguage, LANGUAGES, type Language } from '../../core/languages';
import type { DatabaseSchema } from '../db/schema';
import { badRequest, type FieldFaults, notFound } from '../refusals';
import { seesAllMandants } from '../http/tenant-scope';

const STATISTICS_PARAMETERS = Object.keys(StatisticsRequestQuery.properties);
/** Longest range one request may span; wider ranges are not a statistic anybody reads. */
export const MAX_RANGE_DAYS = 366 * 20;

export interface StatisticsQuery {
  name: StatisticName;
  from: string;
  to: string;
  /** Inclusive lower and exclusive upper bound on the ISO timestamp columns. */
  fromInstant: string;
  toInstant: string;
  /** null: every mandant (provider admins only). */
  mandantId: number | null;
  format: 'json' | 'csv';
  /** Language of labels that are data (template and project names) and of the CSV header; default the user's. */
  language: Language | null;
}

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` that names a real calendar day, as epoch ms at UTC midnight; null otherwise. */
function parseDay(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const date = new Date(ms);
  if (year < 1970 || date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return ms;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function isStatisticName(name: string): name is StatisticName {
  return (STATISTIC_NAMES as readonly string[]).includes(name);
}

/** The calendar year of `now` (UTC): the range when the request names none. */
export function defaultRange(now = new Date()): { from: string; to: string } {
  const year = now.getUTCFullYear();
  return { from: `${year}-01-01`, to: `${year}-12-31` };
}

/** Query parameter names outside STATISTICS_PARAMETERS (Ajv would silently drop them). */
export function unknownParameters(url: string): string[] {
  const search = new URL(url, 'http://localhost').searchParams;
  return [...new Set(search.keys())].filter((key) => !STATISTICS_PARAMETERS.includes(key));
}

export function parseStatisticsQuery(
  name: string,
  raw: StatisticsRequestQuery,
  unknown: string[],
): Omit<StatisticsQuery, 'mandantId'> & { mandantParam: number | null } {
  if (!isStatisticName(name)) {
    throw badRequest(msg('errors.statistics.unknownStatistic', { name, known: STATISTIC_NAMES.join(', ') }), {
      name: 'errors.statistics.unknownStatisticField',
    });
  }
  if (unknown.length > 0) {
    const errors: FieldFaults = Object.fromEntries(unknown.map((key) => [key, 'errors.statistics.unknownFilterField']));
    const names = unknown.map((k) => `"${k}"`).join(', ');
    throw badRequest(
      msg('errors.statistics.unknownFilter', { name: names, allowed: STATISTICS_PARAMETERS.join(', ') }),
      errors,
    );
  }
  const defaults = defaultRange();
  const from = raw.from ?? defaults.from;
  const to = raw.to ?? defaults.to;
  const fromMs = parseDay(from);
  const toMs = parseDay(to);
  const errors: FieldFaults = {};
  if (fromMs === null) errors.from = 'errors.statistics.expectedDay';
  if (toMs === null) errors.to = 'errors.statistics.expectedDay';
  if (fromMs === null || toMs === null) throw badRequest('errors.statistics.invalidRange', errors);
  if (fromMs > toMs) throw badRequest('errors.statistics.rangeReversed', { from: 'errors.statistics.fromAfterTo' });
  if ((toMs - fromMs) / DAY_MS >= MAX_RANGE_DAYS) {
    throw badRequest(msg('errors.statistics.rangeTooLong', { max: MAX_RANGE_DAYS }), {
      to: 'errors.statistics.rangeTooLongField',
    });
  }
  let mandantParam: number | null = null;
  if (raw.mandant_id !== undefined && raw.mandant_id !== '') {
    const id = Number(raw.mandant_id);
    if (!Number.isSafeInteger(id) || id < 1)
      throw badRequest('errors.statistics.invalidMandant', { mandant_id: 'errors.statistics.expectedMandant' });
    mandantParam = id;
  }
  const format = raw.format ?? 'json';
  if (format !== 'json' && format !== 'csv')
    throw badRequest('errors.statistics.unknownFormat', { format: 'errors.statistics.useJsonOrCsv' });
  if (raw.lang !== undefined && !isLanguage(raw.lang)) {
    throw badRequest(msg('errors.statistics.unknownLanguage', { languages: LANGUAGES.join(', ') }), {
      lang: 'errors.statistics.unknownLanguageField',
    });
  }
  return {
    name,
    from,
    to,
    fromInstant: `${from}T00:00:00.000Z`,
    toInstant: `${isoDay(toMs + DAY_MS)}T00:00:00.000Z`,
    mandantParam,
    format,
    language: raw.lang !== undefined && isLanguage(raw.lang) ? raw.lang : null,
  };
}

/**
 * Whose figures: provider admins any mandant or (none named) all; everybody else only their own —
 * another mandant's id is answered as if it did not exist (404), like every other tenant lookup.
 */
export async function resolveStatisticsMandant(
  db: Kysely<DatabaseSchema>,
  user: SessionUser,
  requested: number | null,
): Promise<number | null> {
  if (seesAllMandants(user)) {
    if (requested === null) return null;
    const found = await db.selectFrom('mandants').select('id').where('id', '=', requested).executeTakeFirst();
    if (!found) throw notFound(msg('errors.statistics.noMandant', { id: requested }));
    return requested;
  }
  if (user.mandant_id === null) throw notFound('errors.statistics.noMandantField');
  if (requested !== null && requested !== user.mandant_id)
    throw notFound(msg('errors.statistics.noMandant', { id: requested }));
  return user.mandant_id;
}

/** The months `YYYY-MM` from `from` to `to`, inclusive: the axis of the per-month statistics. */
export function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7));
  const last = to.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    months.push(key);
    if (key >= last) return months;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}
