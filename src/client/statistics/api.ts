/** The statistics endpoint as the client calls it: one statistic for a range and (optionally) a mandant. */
import { useQuery } from '@tanstack/react-query';
import type { StatisticName } from '../../core/api';
import { statisticCsvPath as csvPathOf, useKontorDataProvider, type StatisticsQuery } from '../providers/dataProvider';

export interface StatisticsRange {
  /** The reader's language: template and project names and the CSV header come in it. */
  language: string;
  from: string;
  to: string;
  /** null: the server's default (own mandant; all mandants for provider admins). */
  mandantId: number | null;
}

const queryOf = (range: StatisticsRange): StatisticsQuery => ({
  from: range.from,
  to: range.to,
  lang: range.language,
  ...(range.mandantId !== null && { mandant_id: String(range.mandantId) }),
});

/** The CSV download of a statistic (rendered by the server in the reader's language). */
export function statisticCsvPath(name: StatisticName, range: StatisticsRange): string {
  return csvPathOf(name, queryOf(range));
}

export function useStatistic(name: StatisticName, range: StatisticsRange, enabled = true) {
  const dataProvider = useKontorDataProvider();
  return useQuery({
    queryKey: ['statistics', name, range.from, range.to, range.mandantId, range.language],
    queryFn: ({ signal }) => dataProvider.statistics(name, queryOf(range), signal),
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
