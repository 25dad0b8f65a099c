/**
 * Mocks that cannot drift (issue #36): every mocked answer is checked against the response schema the server declares
 * for its route, taken from the OpenAPI document the server generates from the TypeBox contract (src/core/api).
 */
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { OpenApiDocument } from './recording';

export type Method = 'get' | 'post' | 'put' | 'delete';

export interface Operation {
  method: Method;
  /** The document's path template, e.g. `/api/users/{id}`. */
  path: string;
  statuses: string[];
}

export interface Violation {
  operation: string;
  status: number;
  problems: string[];
}

const escapePointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

export class Contract {
  readonly operations: Operation[];
  private readonly ajv: Ajv;
  private readonly compiled = new Map<string, ValidateFunction | null>();
  private readonly patterns: { operation: Operation; pattern: RegExp }[];

  constructor(readonly document: OpenApiDocument) {
    this.ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
    addFormats(this.ajv);
    this.ajv.addSchema(document as object, 'openapi');
    this.operations = Object.entries(document.paths).flatMap(([path, operations]) =>
      (Object.keys(operations) as Method[])
        .filter((method) => ['get', 'post', 'put', 'delete'].includes(method))
        .map((method) => ({ method, path, statuses: Object.keys(operations[method]?.responses ?? {}) })),
    );
    // Literal segments before parameters: `/api/orders/quote` wins over `/api/orders/{id}`.
    this.patterns = this.operations
      .map((operation) => ({
        operation,
        pattern: new RegExp(`^${operation.path.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`),
      }))
      .sort((a, b) => (a.operation.path.match(/\{/g)?.length ?? 0) - (b.operation.path.match(/\{/g)?.length ?? 0));
  }

  /** The operation a request goes to, as the server would route it. */
  find(method: string, pathname: string): Operation | undefined {
    const lower = method.toLowerCase();
    return this.patterns.find((entry) => entry.operation.method === lower && entry.pattern.test(pathname))?.operation;
  }

  /**
   * What is wrong with a request's JSON body, by field (`''`: the body as a whole), judged by the route's request
   * schema as the server judges it: a mocked write answers 400 where the server would.
   */
  checkRequest(operation: Operation, body: unknown): Record<string, string> {
    const key = `${operation.method} ${operation.path} request`;
    let validate = this.compiled.get(key);
    if (validate === undefined) {
      const schema = (
        this.document.paths[operation.path]?.[operation.method] as
          { requestBody?: { content?: Record<string, { schema?: unknown }> } } | undefined
      )?.requestBody?.content?.['application/json']?.schema;
      validate = schema
        ? this.ajv.compile({
            $ref: `openapi#/paths/${escapePointer(operation.path)}/${operation.method}/requestBody/content/application~1json/schema`,
          })
        : null;
      this.compiled.set(key, validate);
    }
    if (!validate || validate(body)) return {};
    const fields: Record<string, string> = {};
    for (const error of validate.errors ?? []) {
      const field =
        error.keyword === 'required'
          ? String((error.params as { missingProperty?: string }).missingProperty)
          : (error.instancePath.split('/')[1] ?? '');
      fields[field] ??= error.message ?? '';
    }
    return fields;
  }

  /** What is wrong with a JSON answer (empty: nothing), judged by the schema of its route and status. */
  check(operation: Operation, status: number, body: unknown): string[] {
    if (!operation.statuses.includes(String(status))) {
      return [`status ${status} is not one of the route's answers (${operation.statuses.join(', ')})`];
    }
    const key = `${operation.method} ${operation.path} ${status}`;
    let validate = this.compiled.get(key);
    if (validate === undefined) {
      const content = this.document.paths[operation.path]?.[operation.method]?.responses?.[String(status)]?.content;
      const json = content?.['application/json'];
      validate = json?.schema
        ? this.ajv.compile({
            $ref: `openapi#/paths/${escapePointer(operation.path)}/${operation.method}/responses/${status}/content/application~1json/schema`,
          })
        : null;
      this.compiled.set(key, validate);
    }
    if (!validate || validate(body)) return [];
    return (validate.errors ?? []).slice(0, 5).map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`);
  }
}
