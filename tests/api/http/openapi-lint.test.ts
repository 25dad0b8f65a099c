import { expect, it } from 'vitest';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describeEachDatabase } from '../harness';

/**
 * The served OpenAPI document is the API's published contract: it must be valid OpenAPI 3.1 and pass a real
 * linter's recommended rules with no error and no warning, so generated clients and the fuzz suite can trust it.
 */
describeEachDatabase('OpenAPI document', (ctx) => {
  it('is OpenAPI 3.1 and lints clean under Redocly recommended rules', async () => {
    const res = await ctx.request<{ openapi: string }>('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(res.body), absoluteRef: 'openapi.json', config });
    const report = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`);
    expect(report).toEqual([]);
  });
});
