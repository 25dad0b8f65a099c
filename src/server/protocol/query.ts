/**
 * Reading the protocol: the filters of the page (and of the CSV export) turned into ONE
 * tenant-scoped query. Filters: `at_gte`/`at_lte` (ISO date or date-time; a bare date as `at_lte`
 * means the whole day), `user_id`, `action`, `resource`, `record_id`, `mandant_id`, `id` and `q`
 * (search over record label, user, resource, action and summary data). Anything else is a 400.
 */
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { msg } from '../../core/i18n/error-keys';
import { PROTOCOL_ACTIONS, ProtocolEntryRecord, type SessionUser } from '../../core/api';
import type { DatabaseSchema } from '../db/schema';
import { badRequest } from '../refusals';
import { parseListQuery, type Condition, type ListQuery } from '../http/list-query';
import { recordColumns } from '../http/list-columns';
import { whereListed } from '../http/list-sql';
import { scopeToMandant } from '../http/tenant-scope';
import '../audit/table';

export const PROTOCOL_COLUMNS = recordColumns(ProtocolEntryRecord, {
  only: [
    'id',
    'mandant_id',
    'user_id',
    'action',
    'resource',
    'record_id',
    'record_label',
    'user_name',
    'user_email',
    'ip',
    'summary',
    'changes',
    'at',
  ],
  narrowed: {
    record_label: { filterable: false },
    user_name: { filterable: false },
    user_email: { filterable: false },
    ip: { filterable: false, sortable: false },
  },
});

/** Expressions `q` searches; summary is JSON (rendered per reader), searched as its text. */
const SEARCHED = [
  ...['record_label', 'user_name', 'user_email', 'resource', 'action', 'record_id'].map((column) => sql.ref(column)),
  sql`cast(${sql.ref('summary')} as text)`,
];

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

function timestamp(key: string, value: string | number, endOfDay: boolean): string {
  const text = String(value).trim();
  const date = new Date(DATE_ONLY.test(text) ? `${text}T00:00:00.000Z` : text);
  if (text === '' || Number.isNaN(date.getTime())) {
    throw badRequest(msg('errors.protocol.invalidTime', { time: text }), {
      [`filter.${key}`]: 'errors.list.expectedIsoDate',
    });
  }
  if (endOfDay && DATE_ONLY.test(text)) return new Date(date.getTime() + DAY_MS - 1).toISOString();
  return date.toISOString();
}

/** Normalises the time bounds and rejects unknown actions and reversed ranges. */
function checkConditions(conditions: Condition[]): Condition[] {
  let from: string | null = null;
  let until: string | null = null;
  const checked = conditions.map((c): Condition => {
    if (c.column === 'at') {
      if (c.kind === 'gte') return { ...c, value: (from = timestamp('at_gte', c.value, false)) };
      if (c.kind === 'lte') return { ...c, value: (until = timestamp('at_lte', c.value, true)) };
      if (c.kind === 'eq' && c.value !== null) return { ...c, value: timestamp('at', c.value as string, false) };
    }
    if (c.column === 'action') {
      const values = c.kind === 'in' ? c.values : [c.value];
      const unknown = values.find((v) => !(PROTOCOL_ACTIONS as readonly unknown[]).includes(v));
      if (unknown !== undefined) {
        throw badRequest(msg('errors.protocol.unknownAction', { action: String(unknown) }), {
          'filter.action': msg('errors.list.expectedOneOf', { values: PROTOCOL_ACTIONS.join(', ') }),
        });
      }
    }
    return c;
  });
  if (from !== null && until !== null && from > until) {
    throw badRequest('errors.list.rangeReversed', { 'filter.at_gte': 'errors.list.afterRangeEnd' });
  }
  return checked;
}

export type ProtocolQuery = ListQuery;

export function parseProtocolQuery(params: { sort?: string; range?: string; filter?: string }): ProtocolQuery {
  const query = parseListQuery(params, PROTOCOL_COLUMNS, ['q']);
  // Newest first unless the client asks otherwise.
  if (params.sort === undefined || params.sort === '') query.sort = { field: 'at', order: 'desc' };
  return { ...query, conditions: checkConditions(query.conditions) };
}

type ProtocolSelect = SelectQueryBuilder<DatabaseSchema, 'protocol', object>;

/** The filtered, tenant-scoped rows (not yet sorted or paged). */
export function protocolSelect(db: Kysely<DatabaseSchema>, user: SessionUser, query: ProtocolQuery): ProtocolSelect {
  return whereListed(scopeToMandant(db.selectFrom('protocol'), user, 'mandant_id') as ProtocolSelect, query, SEARCHED);
}
