/**
 * Every resource the server writes to the protocol has its name in all five languages: the protocol shows
 * `protocol.resources.<resource>` and falls back to the code word (storefront-webhooks) when the label is missing.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const LANGUAGES = ['de', 'en', 'fr', 'it', 'es'] as const;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

const written = new Set(
  sourceFiles('src/server').flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/resource: '([a-z-]+)'/g)].map((match) => match[1]!),
  ),
);

describe('protocol resource names', () => {
  it('finds the resources the server records', () => {
    expect(written).toContain('calculations');
    expect(written).toContain('storefront-webhooks');
  });

  it.each(LANGUAGES)('names every recorded resource in %s', (lang) => {
    const catalogue = JSON.parse(readFileSync(`locales/${lang}.json`, 'utf8')) as {
      protocol: { resources: Record<string, string> };
    };
    const missing = [...written].filter((resource) => !catalogue.protocol.resources[resource]);
    expect(missing).toEqual([]);
  });
});
