/**
 * PostgreSQL cannot store U+0000 in text while SQLite can; rejecting it up front keeps both
 * dialects answering alike (400) instead of one storing what the other refuses.
 */
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';
import { MAX_JSON_DEPTH } from './json-limits';

export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > MAX_JSON_DEPTH || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, v]) => key.includes('\u0000') || containsNul(v, depth + 1));
}

export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.query) || containsNul(request.body)) {
      throw badRequest('errors.request.nulText');
    }
  });
}
