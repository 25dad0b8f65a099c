/**
 * The read-only `templates` resource in the ra-data-simple-rest dialect, served from the
 * in-memory registry: `GET /api/templates?sort=…&range=…&filter={"type":"product","q":"bro"}`
 * and `GET /api/templates/:id`. Any signed-in user may read.
 */
import type { FastifyInstance } from 'fastify';
import { ROLES, type TemplateRecord } from '../../core/api';
import { currentUser, requireRole } from '../auth/authenticate';
import { notFound } from '../http/errors';
import { contentRange, parseListQuery, type ColumnDefinition, type Condition } from '../http/list-query';
import { templateRecordSchema, toTemplateRecord } from './record';
import type { TemplateRegistry } from './registry';

const COLUMNS: Record<string, ColumnDefinition> = {
  id: { type: 'text' },
  version: { type: 'integer' },
  type: { type: 'text' },
  label: { type: 'text' },
  icon: { type: 'text' },
};
const SEARCHABLE = ['id', 'label'] as const;

type Comparable = string | number | boolean | null;

function matches(record: TemplateRecord, condition: Condition): boolean {
  const value = (record as unknown as Record<string, Comparable>)[condition.column];
  switch (condition.kind) {
    case 'eq':
      return value === condition.value;
    case 'in':
      return condition.values.includes(value as string | number | boolean);
    case 'gte':
      return value !== null && value >= condition.value;
    case 'lte':
      return value !== null && value <= condition.value;
  }
}

function compare(a: Comparable, b: Comparable): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a ?? '').localeCompare(String(b ?? ''));
}

const errorRef = { $ref: 'ApiError#' };

export function registerTemplateRoutes(app: FastifyInstance, registry: TemplateRegistry): void {
  const tags = ['templates'];
  app.get<{ Querystring: { sort?: string; range?: string; filter?: string } }>(
    '/api/templates',
    {
      onRequest: [app.authenticate, requireRole(...ROLES)],
      schema: {
        tags,
        summary: 'List the templates (read only; filter by type, id, q)',
        querystring: {
          type: 'object',
          properties: { sort: { type: 'string' }, range: { type: 'string' }, filter: { type: 'string' } },
        },
        response: { 200: { type: 'array', items: templateRecordSchema }, 400: errorRef, 401: errorRef, 403: errorRef },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const query = parseListQuery(request.query, COLUMNS, SEARCHABLE);
      let records = registry.list().map((template) => toTemplateRecord(template, user.language));
      records = records.filter((record) => query.conditions.every((condition) => matches(record, condition)));
      if (query.search !== null) {
        const needle = query.search.toLowerCase();
        records = records.filter((record) => SEARCHABLE.some((column) => String(record[column]).toLowerCase().includes(needle)));
      }
      const { field, order } = query.sort;
      const sign = order === 'asc' ? 1 : -1;
      records.sort((a, b) => {
        const key = (r: TemplateRecord) => (r as unknown as Record<string, Comparable>)[field] ?? null;
        return sign * (compare(key(a), key(b)) || a.id.localeCompare(b.id));
      });
      const page = records.slice(query.range.start, query.range.end + 1);
      reply.header('Content-Range', contentRange('templates', query.range.start, page.length, records.length));
      return page;
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/templates/:id',
    {
      onRequest: [app.authenticate, requireRole(...ROLES)],
      schema: {
        tags,
        summary: 'One template (its current version)',
        params: { type: 'object', properties: { id: { type: 'string', maxLength: 200 } }, required: ['id'] },
        response: { 200: templateRecordSchema, 401: errorRef, 404: errorRef },
      },
    },
    async (request) => {
      const template = registry.current(request.params.id);
      if (!template) throw notFound(`No template with id ${request.params.id}.`);
      return toTemplateRecord(template, currentUser(request).language);
    },
  );
}
