/**
 * `protocol`, read only, in the ra-data-simple-rest dialect:
 *
 *   GET /api/protocol?sort=…&range=…&filter={"at_gte","at_lte","user_id","action","resource","record_id","q"}
 *   GET /api/protocol/:id
 *   GET /api/protocol/export.csv?sort=…&filter=…   (same filters; header and texts in the user's language)
 *
 * There is no POST, PUT or DELETE: entries are written only by the server (recordProtocol), and the
 * table itself refuses updates and deletes. Mandant users see their mandant's entries; provider admins all.
 */
import type { FastifyInstance } from 'fastify';
import { msg } from '../../core/i18n/error-keys';
import type { Kysely } from 'kysely';
import { ProtocolEntryRecord } from '../../core/api';
import { allowedTo, currentUser } from '../auth/authenticate';
import type { DatabaseSchema } from '../db/schema';
import { sendCsvDownload } from '../http/csv-download';
import { errorAnswers, notFound } from '../http/errors';
import { listQuerystring, registerListRoute } from '../http/list-route';
import { allColumns, selectPage, sortedRows } from '../http/list-sql';
import { idParams } from '../http/record-id';
import { typed } from '../http/typed-routes';
import { fileResponse } from '../http/openapi';
import { scopeToMandant } from '../http/tenant-scope';
import { CSV_BOM } from '../../core/csv';
import { knownTimeZone } from '../../core/dates';
import { Type } from 'typebox';
import { csvHeader, csvRows } from './csv';
import { parseProtocolQuery, protocolSelect } from './query';
import { toProtocolEntryRecord } from '../audit/record';
import { withRefs } from './refs';

/** An export larger than this is cut off; narrow the filters for more. */
export const MAX_EXPORT_ROWS = 100_000;
const EXPORT_BATCH = 2000;

const describe = {
  sort: 'JSON: ["field","ASC"|"DESC"]; default ["at","DESC"]',
  filter: 'JSON: at_gte, at_lte, user_id, action, resource, record_id, mandant_id, id, q',
};

export function registerProtocolRoutes(app: FastifyInstance, db: Kysely<DatabaseSchema>): void {
  const api = typed(app);
  const tags = ['protocol'];

  registerListRoute(app, {
    name: 'protocol',
    access: 'protocol',
    tags,
    summary: 'List protocol entries (newest first; filters: time range, user, action, resource, record, q)',
    recordSchema: ProtocolEntryRecord,
    describe,
    parse: parseProtocolQuery,
    page: async (request, query) => {
      const user = currentUser(request);
      const { rows, total } = await selectPage(protocolSelect(db, user, query), query, allColumns(), { cappedOn: db });
      return { rows: await withRefs(db, user, rows.map(toProtocolEntryRecord)), total };
    },
  });

  api.get(
    '/api/protocol/export.csv',
    {
      ...allowedTo(app, 'list', 'protocol'),
      schema: {
        tags,
        summary: `The filtered protocol as CSV in the user's language (at most ${MAX_EXPORT_ROWS} entries)`,
        querystring: Type.Object({
          ...listQuerystring(describe).properties,
          tz: Type.Optional(
            Type.String({
              maxLength: 64,
              description: "The reader's IANA time zone (e.g. Europe/Berlin) for the times; default and unknown: UTC",
            }),
          ),
        }),
        response: {
          200: fileResponse('text/csv', 'The protocol entries as CSV'),
          ...errorAnswers(400, 401, 403, 503),
        },
      },
      preHandler: app.kontor.heavyWork.hook,
    },
    async (request, reply) => {
      const user = currentUser(request);
      // Parsed before the first byte is sent, so bad filters still answer 400 with a message.
      const query = parseProtocolQuery({ sort: request.query.sort, filter: request.query.filter });
      const base = sortedRows(protocolSelect(db, user, query), query.sort, allColumns());
      const timeZone = knownTimeZone(request.query.tz) ?? 'UTC';
      async function* batches(): AsyncGenerator<string> {
        for (let offset = 0; offset < MAX_EXPORT_ROWS; offset += EXPORT_BATCH) {
          const rows = await base
            .limit(Math.min(EXPORT_BATCH, MAX_EXPORT_ROWS - offset))
            .offset(offset)
            .execute();
          if (rows.length > 0)
            yield `${csvRows(user.language, await withRefs(db, user, rows.map(toProtocolEntryRecord)), timeZone)}\r\n`;
          if (rows.length < EXPORT_BATCH) return;
        }
      }
      const day = new Date().toISOString().slice(0, 10);
      return sendCsvDownload(reply, `protocol-${day}.csv`, `${CSV_BOM}${csvHeader(user.language)}\r\n`, batches());
    },
  );

  api.get(
    '/api/protocol/:id',
    {
      ...allowedTo(app, 'list', 'protocol'),
      schema: {
        tags,
        summary: 'One protocol entry',
        params: idParams,
        response: { 200: ProtocolEntryRecord, ...errorAnswers(401, 403, 404) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const row = await scopeToMandant(db.selectFrom('protocol'), user, 'mandant_id')
        .selectAll()
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (!row) throw notFound(msg('errors.protocol.noEntry', { id: request.params.id }));
      return (await withRefs(db, user, [toProtocolEntryRecord(row)]))[0];
    },
  );
}
