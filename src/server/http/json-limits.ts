/**
 * Bounds on JSON a client sends, in request bodies and in query parameters (`filter`, `sort`,
 * `range`, an import `mapping`). Without them, 6,000 nested arrays parse fine and then overflow
 * the stack of whatever walks them (a filter check, the protocol diff, JSON.stringify): a 500.
 * The depth is counted on the text before parsing, without recursion, so the check cannot overflow.
 */
import type { FastifyInstance } from 'fastify';
import { msg } from '../../core/i18n/error-keys';
import { badRequest, type FieldErrors } from './errors';

/** Deeper than any record, template or filter Kontor stores; far below what overflows a stack. */
export const MAX_JSON_DEPTH = 64;

/** Whether arrays and objects in `text` nest deeper than `max` (strings and escapes skipped). */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c /* \ */) i++;
      else if (ch === 0x22 /* " */) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x5b /* [ */ || ch === 0x7b /* { */) {
      if (++depth > max) return true;
    } else if (ch === 0x5d /* ] */ || ch === 0x7d /* } */) depth--;
  }
  return false;
}

const tooDeep = (errors?: FieldErrors) => badRequest(msg('errors.request.tooDeep', { max: MAX_JSON_DEPTH }), errors);

/**
 * Parses the JSON text of query parameter `name`; `ok: false` when the text is not JSON (the caller
 * words that 400 for its parameter), a 400 when it nests too deeply. Its length needs no bound of
 * its own: Node refuses request heads over 16 KB (431) before any route sees them.
 */
export function parseQueryJson(name: string, text: string): { ok: true; value: unknown } | { ok: false } {
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) throw tooDeep({ [name]: 'errors.request.tooDeepField' });
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * Fastify's own JSON body parser (BODY_LIMIT: 413; `__proto__` and `constructor.prototype` keys:
 * 400) behind the depth check: the one place every JSON body passes.
 */
export function registerJsonBodyLimits(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(tooDeep(), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
