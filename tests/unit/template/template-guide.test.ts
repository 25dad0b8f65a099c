import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GUIDE_PATH, regenerateGuide } from '../../../scripts/template-guide';

describe('docs/template-authoring.md', () => {
  it('matches the catalogues in src/core (run `npm run docs:guide` after changing one)', () => {
    const committed = readFileSync(GUIDE_PATH, 'utf8');
    expect(regenerateGuide(committed)).toBe(committed);
  });

  it('documents every rule and function the shipped templates use, including maxItems, after:, count and abs', () => {
    const guide = readFileSync(GUIDE_PATH, 'utf8');
    for (const name of ['`maxItems`', '`after`', '`count(repeatableGroup)`', '`abs(x)`']) expect(guide).toContain(name);
  });

  it('documents the CSV conventions: values are keys, the yes/no words, one numbered set per repeat (issue #20)', () => {
    const guide = readFileSync(GUIDE_PATH, 'utf8');
    const csv = guide.slice(guide.indexOf('## 8. CSV conventions'));
    expect(csv).not.toBe(guide);
    for (const part of [
      '**Values are keys or labels.**',
      '**Yes/no**',
      '**Lists** (multiple choice, tags)',
      '**Repeatable groups** are filled by numbered column sets',
      '<!-- generated:csv-yes-no -->',
    ]) {
      expect(csv).toContain(part);
    }
  });

  it('refuses a guide whose markers were removed', () => {
    expect(() => regenerateGuide('no markers')).toThrow(/markers of 'field-types' missing/);
  });
});
