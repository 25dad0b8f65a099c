/** The statistics endpoint as the client calls it: one statistic for a range and (optionally) a mandant. */
import { useQuery } from '@tanstack/react-query';
import type { StatisticName, StatisticsResult } from '../../core/api';
import { httpClient } from '../providers/httpClient';

export interface StatisticsRange {
  /** The reader's language: template and project names and the CSV header come in it. */
  language: string;
  from: string;
  to: string;
  /** null: the server's default (own mandant; all mandants for provider admins). */
  mandantId: number | null;
}

export function statisticPath(name: StatisticName, range: StatisticsRange, format: 'json' | 'csv' = 'json'): string {
  const params = new URLSearchParams({ from: range.from, to: range.to, lang: range.language });
  if (range.mandantId !== null) params.set('mandant_id', String(range.mandantId));
  if (format === 'csv') params.set('format', 'csv');
  return `/statistics/${name}?${params.toString()}`;
}

export function useStatistic(name: StatisticName, range: StatisticsRange, enabled = true) {
  return useQuery({
    queryKey: ['statistics', name, range.from, range.to, range.mandantId, range.language],
    queryFn: async ({ signal }) => (await httpClient<StatisticsResult>(statisticPath(name, range), { signal })).json,
    enabled,
    // Figures of a past range do not change under the user's eyes; a minute is fresh enough.
    staleTime: 60_000,
  });
}

/** This calendar year in the user's time zone, as the server's `from`/`to`. */
export function thisYear(now = new Date()): { from: string; to: string } {
  const year = now.getFullYear();
  return { from: `${year}-01-01`, to: `${year}-12-31` };
}
