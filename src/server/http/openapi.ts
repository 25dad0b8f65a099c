/**
 * The served OpenAPI document (`/api/openapi.json`, UI at `/api/docs`), generated from the route schemas.
 * It is OpenAPI 3.1 and must lint clean under Redocly's recommended rules (tests/api/http/openapi-lint.test.ts):
 * generated clients and the fuzz suite read it, so every operation has an id, a summary-free 2xx and 4xx answer.
 */
import type { FastifyInstance, FastifySchema } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { APP_VERSION } from '../version';

/**
 * A stable operationId from method and path, so ids never depend on registration order:
 * `GET /api/calculations/{id}` → `getCalculationsById`, `POST /api/imports/{id}/cancel` → `postImportsByIdCancel`.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\/?/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^:(.+)$/.exec(segment) ?? /^\{(.+)\}$/.exec(segment);
      return param ? ['by', param[1]] : segment.split(/[^A-Za-z0-9]+/);
    })
    .filter(Boolean);
  const tail = words.map((w) => w[0].toUpperCase() + w.slice(1)).join('');
  return method.toLowerCase() + (tail || 'Root');
}

/** A 2xx response that is a file download (CSV, PDF, JSON export), for route schemas. */
export function fileResponse(mediaType: string, description: string) {
  return { description, content: { [mediaType]: { schema: { type: 'string' } } } } as const;
}

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    // Name shared schemas by their $id (ApiError) instead of def-0 in the OpenAPI document.
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Kontor API',
        version: APP_VERSION,
        description: 'Kontor back-office API (ra-data-simple-rest dialect).',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: '/', description: 'This Kontor server' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: ({ schema, url, route }) => {
      const method = Array.isArray(route.method) ? route.method[0] : route.method;
      const withId: FastifySchema & { operationId?: string } = { ...(schema ?? {}) };
      withId.operationId ??= operationIdOf(method, url);
      return { schema: withId, url };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
