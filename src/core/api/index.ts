/**
 * Records and payloads that cross the HTTP boundary, one module per domain. Each record and request is declared once,
 * as a TypeBox schema whose TypeScript type is `Static<typeof X>`: the server's routes validate and serialise with the
 * schema (and the OpenAPI document is generated from it), the client uses the type. The client imports types and
 * constants only; the schema builders are small, plain data.
 */
export * from './users';
export * from './auth';
export * from './mandants';
export * from './invitations';
export * from './templates';
export * from './factors';
export * from './calculations';
export * from './collections';
export * from './protocol';
export * from './offsets';
export * from './orders';
export * from './statistics';
export * from './imports';
export * from './migrations';
export * from './units';
export * from './machines';
export * from './system';
export * from './publications';
export * from './storefronts';
export * from './impact';
