/**
 * Every statistic by name: its columns (label columns first, then figures with their unit) and the
 * query that fills its rows. Labels that are data in another language (template and project names)
 * are resolved here in the reader's language; texts of our own (column headers) come from messages.ts.
 */
import type { Kysely } from 'kysely';
import type { SessionUser, StatisticCell, StatisticColumn, StatisticName } from '../../core/api';
import { DEFAULT_LANGUAGE, type Language, type LocalizedText } from '../../core/languages';
import { parseJson } from '../db/values';
import type { DatabaseSchema } from '../db/schema';
import type { TemplateRegistry } from '../templates/registry';
import {
  calculationTotals,
  co2eByCustomer,
  co2eByMonth,
  co2eByTag,
  co2eByTemplate,
  topCalculations,
} from './calculations';
import { offsetByMonth, offsetsByProject, offsetsByStandard, offsetTotals, ordersByStatus } from './orders';
import { monthsOf, type StatisticsQuery } from './query';
import { figuresByChannel } from './channels';

export interface StatisticContext {
  db: Kysely<DatabaseSchema>;
  user: SessionUser;
  query: StatisticsQuery;
  language: Language;
  templates: TemplateRegistry;
}

type Row = Record<string, StatisticCell>;

interface StatisticDefinition {
  columns: StatisticColumn[];
  rows(ctx: StatisticContext): Promise<Row[]>;
}

const label = (key: string): StatisticColumn => ({ key, unit: null });
const kgColumn = (key: string): StatisticColumn => ({ key, unit: 'kg_co2e' });
const countColumn = (key: string): StatisticColumn => ({ key, unit: 'count' });

/** Per-month rows for every month of the range (zeros included), or none when the range has no data at all. */
function everyMonth<R extends { month: string }>(query: StatisticsQuery, rows: R[], empty: (month: string) => R): R[] {
  if (rows.length === 0) return [];
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  return monthsOf(query.from, query.to).map((month) => byMonth.get(month) ?? empty(month));
}

function localized(value: unknown, language: Language): string {
  const text = parseJson<Partial<LocalizedText> | string>(value as never, '');
  if (typeof text === 'string') return text;
  return text[language] ?? text[DEFAULT_LANGUAGE] ?? Object.values(text)[0] ?? '';
}

const templateLabel = (ctx: StatisticContext, id: string) => ctx.templates.current(id)?.label[ctx.language] ?? id;

export const STATISTICS: Record<StatisticName, StatisticDefinition> = {
  overview: {
    columns: [
      countColumn('calculations'),
      kgColumn('co2e_kg'),
      kgColumn('offset_kg'),
      { key: 'offset_share', unit: 'percent' },
      countColumn('open_orders'),
    ],
    async rows({ db, user, query }) {
      const [calculated, offset] = await Promise.all([
        calculationTotals(db, user, query),
        offsetTotals(db, user, query),
      ]);
      const share = calculated.co2e_kg > 0 ? Math.round((offset.offset_kg / calculated.co2e_kg) * 10000) / 100 : null;
      return [{ ...calculated, offset_kg: offset.offset_kg, offset_share: share, open_orders: offset.open_orders }];
    },
  },
  co2e_by_month: {
    columns: [label('month'), countColumn('calculations'), kgColumn('co2e_kg')],
    async rows({ db, user, query }) {
      return everyMonth(query, await co2eByMonth(db, user, query), (month) => ({ month, calculations: 0, co2e_kg: 0 }));
    },
  },
  offset_by_month: {
    columns: [label('month'), countColumn('orders'), kgColumn('offset_kg')],
    async rows({ db, user, query }) {
      return everyMonth(query, await offsetByMonth(db, user, query), (month) => ({ month, orders: 0, offset_kg: 0 }));
    },
  },
  co2e_by_template: {
    columns: [label('template'), countColumn('calculations'), kgColumn('co2e_kg')],
    async rows(ctx) {
      const rows = await co2eByTemplate(ctx.db, ctx.user, ctx.query);
      return rows.map((r) => ({ template: templateLabel(ctx, r.template_id), ...r }));
    },
  },
  co2e_by_customer: {
    columns: [label('customer'), countColumn('calculations'), kgColumn('co2e_kg')],
    rows: ({ db, user, query }) => co2eByCustomer(db, user, query),
  },
  co2e_by_tag: {
    columns: [label('tag'), countColumn('calculations'), kgColumn('co2e_kg')],
    rows: ({ db, user, query }) => co2eByTag(db, user, query),
  },
  by_channel: {
    columns: [
      label('channel'),
      countColumn('calculations'),
      kgColumn('co2e_kg'),
      countColumn('orders'),
      kgColumn('offset_kg'),
    ],
    rows: ({ db, user, query, language }) => figuresByChannel(db, user, query, language),
  },
  orders: {
    columns: [
      label('status'),
      label('currency'),
      countColumn('orders'),
      kgColumn('offset_kg'),
      { key: 'value_minor', unit: 'money_minor' },
    ],
    rows: ({ db, user, query }) => ordersByStatus(db, user, query),
  },
  offsets_by_project: {
    columns: [label('project'), label('standard'), countColumn('orders'), kgColumn('offset_kg')],
    async rows(ctx) {
      const rows = await offsetsByProject(ctx.db, ctx.user, ctx.query);
      return rows.map(({ name, ...r }) => ({ project: localized(name, ctx.language), ...r }));
    },
  },
  offsets_by_standard: {
    columns: [label('standard'), countColumn('orders'), kgColumn('offset_kg')],
    rows: ({ db, user, query }) => offsetsByStandard(db, user, query),
  },
  top_calculations: {
    columns: [
      label('number'),
      label('title'),
      label('customer'),
      label('template'),
      label('created_at'),
      kgColumn('co2e_kg'),
    ],
    async rows(ctx) {
      const rows = await topCalculations(ctx.db, ctx.user, ctx.query);
      return rows.map((r) => ({ ...r, template: templateLabel(ctx, r.template_id) }));
    },
  },
};
