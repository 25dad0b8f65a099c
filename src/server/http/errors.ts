/**
 * The one error handler: every failure leaves as `{message, errors?}` with a 4xx status that says
 * what went wrong, or a generic 500 (logged with its stack, never sent).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody } from '../../core/api';
import { requestLanguage, translateErrorBody } from '../i18n/translate';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) => new HttpError(400, message, errors);
export const unauthorized = (message = 'Authentication required.') => new HttpError(401, message);
export const forbidden = (message = 'You are not allowed to do this.', errors?: Record<string, string>) =>
  new HttpError(403, message, errors);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const conflict = (message: string, errors?: Record<string, string>) => new HttpError(409, message, errors);

/** JSON schema of every error answer, registered as `ApiError` for the route schemas. */
export const apiErrorSchema = {
  $id: 'ApiError',
  type: 'object',
  properties: {
    message: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'string' } },
  },
  required: ['message'],
} as const;

/** A route's error responses in its schema: `response: { 400: errorRef, 404: errorRef }`. */
export const errorRef = { $ref: 'ApiError#' } as const;

interface ValidationIssue {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** Turns Ajv issues into `field → message`, naming the field the way a form knows it. */
function fieldErrors(issues: ValidationIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    let field = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    if (issue.keyword === 'required' && typeof issue.params?.missingProperty === 'string') {
      field = field ? `${field}.${issue.params.missingProperty}` : issue.params.missingProperty;
    }
    if (issue.keyword === 'additionalProperties' && typeof issue.params?.additionalProperty === 'string') {
      field = issue.params.additionalProperty;
    }
    const key = field || '_';
    errors[key] ??= issue.keyword === 'required' ? 'Required.' : `${issue.message ?? 'is not valid'}.`.replace(/^\w/, (c) => c.toUpperCase());
  }
  return errors;
}

/** Database constraint violations that are the client's doing, not a server fault. */
function constraintError(error: unknown): HttpError | null {
  const code = (error as { code?: unknown }).code;
  if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    return conflict('A record with these values already exists.');
  }
  // SQLite reports a foreign key that a statement's cascade or trigger hit as SQLITE_CONSTRAINT_TRIGGER: the text tells.
  const sqliteForeignKey = typeof code === 'string' && code.startsWith('SQLITE_CONSTRAINT') && /FOREIGN KEY/.test(String((error as Error).message));
  if (code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || sqliteForeignKey) {
    return conflict('This record is still referenced by other records, or refers to one that does not exist.');
  }
  // PostgreSQL class 22 (data exception): a value the column cannot hold, e.g. a NUL character.
  if (typeof code === 'string' && code.startsWith('22')) {
    return new HttpError(400, 'A value in the request cannot be stored or compared (invalid characters or out of range).');
  }
  return null;
}

const CLIENT_ERROR_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The JSON body is empty.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
};

export function toErrorReply(error: unknown): { status: number; body: ApiErrorBody; log: boolean } {
  if (error instanceof HttpError) {
    return { status: error.statusCode, body: { message: error.message, ...(error.errors && { errors: error.errors }) }, log: false };
  }
  const fastifyError = error as Partial<FastifyError> & { validation?: ValidationIssue[] };
  if (Array.isArray(fastifyError.validation)) {
    const context = (fastifyError as { validationContext?: string }).validationContext;
    const errors = fieldErrors(fastifyError.validation);
    const message =
      context === 'querystring' ? 'The query parameters are not valid.' : context === 'params' ? 'The URL is not valid.' : 'The request is not valid.';
    return { status: 400, body: { message, errors }, log: false };
  }
  const constraint = constraintError(error);
  if (constraint) return { status: constraint.statusCode, body: { message: constraint.message }, log: false };
  if (error instanceof RangeError && /Invalid time value/.test(error.message)) {
    return { status: 400, body: { message: 'A date in the request is not valid.' }, log: false };
  }
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const known = fastifyError.code ? CLIENT_ERROR_MESSAGES[fastifyError.code] : undefined;
    // SyntaxError from the JSON parser carries statusCode 400 but no Fastify code.
    const message = known ?? (error instanceof SyntaxError ? 'The request body is not valid JSON.' : fastifyError.message) ?? 'Bad request.';
    return { status, body: { message }, log: false };
  }
  return { status: 500, body: { message: 'Internal server error.' }, log: true };
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body, log } = toErrorReply(error);
    if (log) request.log.error({ err: error }, 'request failed');
    else request.log.info({ status, message: body.message }, 'request rejected');
    return reply
      .status(status)
      .type('application/json; charset=utf-8')
      .send(translateErrorBody(body, requestLanguage(request)));
  });
}
