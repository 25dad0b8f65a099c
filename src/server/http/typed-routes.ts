/**
 * Routes typed from their schemas: with the TypeBox type provider, `request.body`, `params` and `query` get the
 * `Static` type of the schema the route declares (core/api), so a route's validation, its TypeScript types and the
 * OpenAPI document all come from the same declaration. Validation itself stays Fastify's Ajv (same 400 answers).
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';

export const typed = (app: FastifyInstance) => app.withTypeProvider<TypeBoxTypeProvider>();
