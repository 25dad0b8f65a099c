/**
 * `GET /api/statistics` (the names) and `GET /api/statistics/:name?from=&to=&mandant_id=&format=csv`.
 * Read only, for every role; mandant users get their own mandant's figures, provider admins any
 * mandant's or (no mandant_id) all. The CSV variant has the header in the user's language.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { STATISTIC_NAMES, type StatisticsResult } from '../../core/api';
import { currentUser, requireAccess } from '../auth/authenticate';
import type { DatabaseSchema } from '../db/schema';
import { errorRef } from '../http/errors';
import { STATISTICS } from './catalogue';
import { statisticCsv } from './csv';
import { parseStatisticsQuery, resolveStatisticsMandant, unknownParameters, type RawStatisticsQuery } from './query';

const cell = { type: ['string', 'number', 'null'] };

export const statisticsResultSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', enum: [...STATISTIC_NAMES] },
    from: { type: 'string' },
    to: { type: 'string' },
    mandant_id: { type: ['integer', 'null'] },
    columns: {
      type: 'array',
      items: {
        type: 'object',
        properties: { key: { type: 'string' }, unit: { type: ['string', 'null'], enum: ['kg_co2e', 'count', 'percent', 'money_minor', null] } },
        required: ['key', 'unit'],
      },
    },
    rows: { type: 'array', items: { type: 'object', additionalProperties: cell } },
  },
  required: ['name', 'from', 'to', 'mandant_id', 'columns', 'rows'],
} as const;

const querystring = {
  type: 'object',
  properties: {
    from: { type: 'string', description: 'First day, YYYY-MM-DD (UTC); default: 1 January of this year' },
    to: { type: 'string', description: 'Last day, inclusive, YYYY-MM-DD (UTC); default: 31 December of this year' },
    mandant_id: { type: 'string', description: 'Provider admins: one mandant (default all); others: only their own' },
    format: { type: 'string', enum: ['json', 'csv'], description: 'csv: a download in the user\'s language and spreadsheet convention (; and decimal comma except in English)' },
    lang: { type: 'string', description: 'Language of template/project names and of the CSV (header, statuses, delimiter and decimal separator: de, en, fr, it, es); default: the user\'s' },
  },
} as const;

export function registerStatisticsRoutes(app: FastifyInstance, db: Kysely<DatabaseSchema>): void {
  const tags = ['statistics'];
  const onRequest = [app.authenticate, requireAccess('read', 'statistics')];

  app.get(
    '/api/statistics',
    {
      onRequest,
      schema: {
        tags,
        summary: 'The names of the statistics',
        response: { 200: { type: 'array', items: { type: 'string', enum: [...STATISTIC_NAMES] } }, 401: errorRef },
      },
    },
    async () => [...STATISTIC_NAMES],
  );

  app.get<{ Params: { name: string }; Querystring: RawStatisticsQuery }>(
    '/api/statistics/:name',
    {
      onRequest,
      schema: {
        tags,
        summary: `One statistic over a time range, aggregated by the database: ${STATISTIC_NAMES.join(', ')}`,
        params: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
        querystring,
        produces: ['application/json', 'text/csv'],
        response: { 200: statisticsResultSchema, 400: errorRef, 401: errorRef, 403: errorRef, 404: errorRef },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const parsed = parseStatisticsQuery(request.params.name, request.query, unknownParameters(request.url));
      const { mandantParam, ...rest } = parsed;
      const query = { ...rest, mandantId: await resolveStatisticsMandant(db, user, mandantParam) };
      const definition = STATISTICS[query.name];
      const language = query.language ?? user.language;
      const rows = await definition.rows({ db, user, query, language, templates: app.templates });
      const result: StatisticsResult = { name: query.name, from: query.from, to: query.to, mandant_id: query.mandantId, columns: definition.columns, rows };
      if (query.format === 'csv') {
        const file = `statistics-${query.name}-${query.from}-${query.to}.csv`;
        return reply
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${file}"`)
          .serializer((payload: unknown) => payload as string)
          .send(statisticCsv(language, result));
      }
      return result;
    },
  );
}
