/** The committed client types of the API (`src/core/api/openapi.generated.ts`) match the document the server serves. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPENAPI_TYPES_PATH, openApiTypes, servedOpenApiDocument } from '../../../scripts/openapi-types';

describe('src/core/api/openapi.generated.ts', () => {
  it('is what openapi-typescript makes of /api/openapi.json (run `npm run openapi:types` after changing a route)', async () => {
    const committed = readFileSync(OPENAPI_TYPES_PATH, 'utf8');
    expect(await openApiTypes(await servedOpenApiDocument())).toBe(committed);
  }, 120_000);
});
