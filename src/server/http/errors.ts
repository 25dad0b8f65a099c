/**
 * The one error handler: every failure leaves as `{message, errors?}` with a 4xx status that says what went wrong, a
 * 503 with the reason when something it needs is away or busy for now (the database, the mail server, the heavy-work
 * slots), or a generic 500 (logged with its stack, never sent). Domain code throws refusals (`../refusals`) whose
 * faults are message keys with params (`src/core/i18n/fault.ts`); this edge gives each refusal kind its status and
 * words the faults here, once, in the reader's language. Text that no catalogue holds (a template checker's words, a
 * list of column names) comes as `rendered` and passes through as it is.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiErrorBody } from '../../core/api';
import { type ErrorKey, msg } from '../../core/i18n/error-keys';
import { wordFault, wordFaults, type FaultText } from '../../core/i18n/fault';
import type { Language } from '../../core/languages';
import { requestLanguage } from '../i18n/translate';
import { isDatabaseUnavailable } from '../db/unavailable';
import { Refusal, type FieldFaults, type RefusalKind } from '../refusals';

// Route files, the HTTP edge, take the domain's refusals and words from here too.
export { rendered } from '../../core/i18n/fault';
export { badRequest, conflict, forbidden, notFound, unauthorized } from '../refusals';

export type ErrorContent = FaultText;
export type FieldErrors = FieldFaults;

/** `content` in `language`. */
export const errorText = (content: ErrorContent, language: Language): string => wordFault(content, language);

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly text: ErrorContent,
    readonly errors?: FieldErrors,
  ) {
    super(typeof text === 'string' ? text : 'rendered' in text ? text.rendered : text.key);
    this.name = 'HttpError';
  }

  /** The answer's body in `language`. */
  body(language: Language): ApiErrorBody {
    const body: ApiErrorBody = { message: wordFault(this.text, language) };
    if (this.errors) body.errors = wordFaults(this.errors, language);
    return body;
  }
}

/** Each refusal kind's status. */
const REFUSAL_STATUS: Record<RefusalKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  tooMany: 429,
  unavailable: 503,
};

/** JSON schema of every error answer, registered as `ApiError` for the route schemas. */
export const apiErrorSchema = ApiErrorBody;

/** The schema reference of an error answer; routes declare theirs by status with errorAnswers. */
const errorRef = { $ref: 'ApiError#' } as const;

/** The error answers a route declares, by status: `response: { 200: Record, ...errorAnswers(401, 404) }`. */
export function errorAnswers<const S extends number>(...statuses: S[]): Record<S, typeof errorRef> {
  return Object.fromEntries(statuses.map((status) => [status, errorRef])) as Record<S, typeof errorRef>;
}

interface ValidationIssue {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** Ajv's keywords as message keys, with the params their texts name. */
function schemaMessage(issue: ValidationIssue): ErrorContent {
  const params = issue.params ?? {};
  const limit = typeof params.limit === 'number' || typeof params.limit === 'string' ? params.limit : '';
  switch (issue.keyword) {
    case 'required':
      return 'errors.required';
    case 'type':
      return msg('errors.schema.type', { type: String(params.type) });
    case 'maxLength':
    case 'minLength':
    case 'maxItems':
    case 'minItems':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return msg(`errors.schema.${issue.keyword}`, { limit });
    case 'minimum':
    case 'maximum':
      // Ajv words an exclusive bound of draft-04 style as minimum/maximum with the comparison ">" or "<".
      if (params.comparison === '>') return msg('errors.schema.exclusiveMinimum', { limit });
      if (params.comparison === '<') return msg('errors.schema.exclusiveMaximum', { limit });
      return msg(`errors.schema.${issue.keyword}`, { limit });
    case 'enum':
      return 'errors.schema.enum';
    case 'format':
      return msg('errors.schema.format', { format: String(params.format) });
    case 'pattern':
      return msg('errors.schema.pattern', { pattern: String(params.pattern) });
    case 'additionalProperties':
      return 'errors.schema.additionalProperties';
    default:
      return 'errors.schema.invalid';
  }
}

/** Turns Ajv issues into `field → message`, naming the field the way a form knows it. */
function fieldErrors(issues: ValidationIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    let field = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    if (issue.keyword === 'required' && typeof issue.params?.missingProperty === 'string') {
      field = field ? `${field}.${issue.params.missingProperty}` : issue.params.missingProperty;
    }
    if (issue.keyword === 'additionalProperties' && typeof issue.params?.additionalProperty === 'string') {
      field = issue.params.additionalProperty;
    }
    errors[field || '_'] ??= schemaMessage(issue);
  }
  return errors;
}

/** Database constraint violations that are the client's doing, not a server fault. */
function constraintError(error: unknown): HttpError | null {
  const code = (error as { code?: unknown }).code;
  if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    return new HttpError(409, 'errors.db.duplicate');
  }
  // SQLite reports a foreign key that a statement's cascade or trigger hit as SQLITE_CONSTRAINT_TRIGGER: the text tells.
  const sqliteForeignKey =
    typeof code === 'string' &&
    code.startsWith('SQLITE_CONSTRAINT') &&
    /FOREIGN KEY/.test(String((error as Error).message));
  if (code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || sqliteForeignKey) {
    return new HttpError(409, 'errors.db.foreignKey');
  }
  // PostgreSQL class 22 (data exception): a value the column cannot hold, e.g. a NUL character.
  if (typeof code === 'string' && code.startsWith('22')) {
    return new HttpError(400, 'errors.db.dataException');
  }
  return null;
}

const CLIENT_ERROR_MESSAGES: Record<string, ErrorKey> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'errors.request.tooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'errors.request.unsupportedMediaType',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'errors.request.emptyJson',
  FST_ERR_CTP_INVALID_JSON_BODY: 'errors.request.invalidJson',
};

/** Any failure as the HttpError it answers with; `log` when it is the server's fault. */
export function toHttpError(error: unknown): { error: HttpError; log: boolean } {
  if (error instanceof HttpError) return { error, log: false };
  if (error instanceof Refusal) {
    return { error: new HttpError(REFUSAL_STATUS[error.kind], error.text, error.faults), log: false };
  }
  const fastifyError = error as Partial<FastifyError> & { validation?: ValidationIssue[] };
  if (Array.isArray(fastifyError.validation)) {
    const context = (fastifyError as { validationContext?: string }).validationContext;
    const message: ErrorKey =
      context === 'querystring'
        ? 'errors.request.invalidQuery'
        : context === 'params'
          ? 'errors.request.invalidUrl'
          : 'errors.request.invalid';
    return { error: new HttpError(400, message, fieldErrors(fastifyError.validation)), log: false };
  }
  const constraint = constraintError(error);
  if (constraint) return { error: constraint, log: false };
  // PostgreSQL away (a restart): the request failed, the server did not; it answers again once the pool reconnects.
  if (isDatabaseUnavailable(error)) return { error: new HttpError(503, 'errors.db.unavailable'), log: true };
  if (error instanceof RangeError && /Invalid time value/.test(error.message)) {
    return { error: new HttpError(400, 'errors.request.invalidDate'), log: false };
  }
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const known = fastifyError.code ? CLIENT_ERROR_MESSAGES[fastifyError.code] : undefined;
    // SyntaxError from the JSON parser carries statusCode 400 but no Fastify code.
    const message = known ?? (error instanceof SyntaxError ? 'errors.request.invalidJson' : 'errors.badRequest');
    return { error: new HttpError(status, message), log: false };
  }
  return { error: new HttpError(500, 'errors.internal'), log: true };
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const { error: answer, log } = toHttpError(error);
    if (log) request.log.error({ err: error }, 'request failed');
    else request.log.info({ status: answer.statusCode, message: answer.message }, 'request rejected');
    return reply
      .status(answer.statusCode)
      .type('application/json; charset=utf-8')
      .send(answer.body(requestLanguage(request)));
  });
}
