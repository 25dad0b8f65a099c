/** `POST /api/databases/:id/import`: factors from CSV into a draft; one bad row rejects the file. */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { FactorImportReport, FactorImportRequest } from '../../core/api';
import { allowedTo, currentUser } from '../auth/authenticate';
import type { DatabaseSchema } from '../db/schema';
import { inTransaction } from '../db/in-transaction';
import { errorAnswers } from '../http/errors';
import { idParams } from '../http/record-id';
import { typed } from '../http/typed-routes';
import { writableDatabase } from './access';
import { checkCsvDeclaration, parseFactorCsv } from './csv-import';
import { logDatabase, readDatabase, readFactors, touch } from './database-writes';
import { factorColumns } from './factor-input';

export function registerFactorImportRoute(app: FastifyInstance, database: Kysely<DatabaseSchema>): void {
  const api = typed(app);
  const transaction = inTransaction(database);
  api.post(
    '/api/databases/:id/import',
    {
      ...allowedTo(app, 'update', 'databases'),
      bodyLimit: 10 * 1024 * 1024,
      schema: {
        tags: ['databases'],
        summary:
          'Import factors from CSV into a draft (key, category, unit, value, source, year, region, labels; optionally declaration_kind, biogenic_co2, delivery_included); one bad row rejects the file',
        params: idParams,
        body: FactorImportRequest,
        response: { 200: FactorImportReport, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const factors = parseFactorCsv(request.body.csv);
      return transaction(async (trx) => {
        const existing = await writableDatabase(trx, currentUser(request), request.params.id);
        const present = new Map((await readFactors(trx, existing.id)).map((factor) => [factor.key, factor]));
        let inserted = 0;
        let updated = 0;
        for (const { row, ...factor } of factors) {
          const known = present.get(factor.key);
          // A mill's declaration is checked with what the factor already records, where the file leaves a column out.
          checkCsvDeclaration({ ...factor, row }, known);
          if (known) {
            await trx
              .updateTable('factors')
              .set({ ...factorColumns(factor), demo: false })
              .where('id', '=', known.id)
              .execute();
            updated++;
          } else {
            await trx
              .insertInto('factors')
              .values({ ...factorColumns(factor), database_id: existing.id, demo: false })
              .execute();
            inserted++;
          }
        }
        await touch(trx, existing.id);
        const record = await readDatabase(trx, existing.id);
        await logDatabase(trx, request, 'updated', record, existing, { imported: factors.length });
        return { inserted, updated };
      });
    },
  );
}
