import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GUIDE_PATH, regenerateGuide } from '../../scripts/template-guide';

describe('docs/template-authoring.md', () => {
  it('matches the catalogues in src/core (run `npm run docs:guide` after changing one)', () => {
    const committed = readFileSync(GUIDE_PATH, 'utf8');
    expect(regenerateGuide(committed)).toBe(committed);
  });

  it('documents every rule and function the shipped templates use, including maxItems, after:, count and abs', () => {
    const guide = readFileSync(GUIDE_PATH, 'utf8');
    for (const name of ['`maxItems`', '`after`', '`count(repeatableGroup)`', '`abs(x)`']) expect(guide).toContain(name);
  });

  it('refuses a guide whose markers were removed', () => {
    expect(() => regenerateGuide('no markers')).toThrow(/markers of 'field-types' missing/);
  });
});
