/**
 * Once per UI run: the server's OpenAPI document (made from the TypeBox contract, without a database file), handed to
 * the test files, which check every mocked answer against it (tests/ui/mockServer.ts).
 */
import type { TestProject } from 'vitest/node';
import { openApiDocument } from '../../scripts/mock-recording';

declare module 'vitest' {
  export interface ProvidedContext {
    openapi: unknown;
  }
}

export default async function setup(project: TestProject) {
  project.provide('openapi', await openApiDocument());
}
