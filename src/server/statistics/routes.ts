/**
 * `GET /api/statistics` (the names) and `GET /api/statistics/:name?from=&to=&mandant_id=&format=csv`.
 * Read only, for every role; mandant users get their own mandant's figures, provider admins any
 * mandant's or (no mandant_id) all. The CSV variant has the header in the user's language.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import { STATISTIC_NAMES, StatisticsRequestQuery, StatisticsResult } from '../../core/api';
import { allowedTo, currentUser } from '../auth/authenticate';
import type { DatabaseSchema } from '../db/schema';
import { errorAnswers } from '../http/errors';
import { typed } from '../http/typed-routes';
import { STATISTICS } from './catalogue';
import { statisticCsv } from './csv';
import { parseStatisticsQuery, resolveStatisticsMandant, unknownParameters } from './query';

export function registerStatisticsRoutes(app: FastifyInstance, db: Kysely<DatabaseSchema>): void {
  const tags = ['statistics'];

  const api = typed(app);

  api.get(
    '/api/statistics',
    {
      ...allowedTo(app, 'read', 'statistics'),
      schema: {
        tags,
        summary: 'The names of the statistics',
        response: { 200: Type.Array(StatisticsResult.properties.name), ...errorAnswers(401) },
      },
    },
    async () => [...STATISTIC_NAMES],
  );

  api.get(
    '/api/statistics/:name',
    {
      ...allowedTo(app, 'read', 'statistics'),
      schema: {
        tags,
        summary: `One statistic over a time range, aggregated by the database: ${STATISTIC_NAMES.join(', ')}`,
        params: Type.Object({ name: Type.String() }),
        querystring: StatisticsRequestQuery,
        produces: ['application/json', 'text/csv'],
        response: { 200: StatisticsResult, ...errorAnswers(400, 401, 403, 404) },
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
      const result: StatisticsResult = {
        name: query.name,
        from: query.from,
        to: query.to,
        mandant_id: query.mandantId,
        columns: definition.columns,
        rows,
      };
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
