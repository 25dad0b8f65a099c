/** Which bases calculations shown together mix (issue 33, item 6): databases, versions of one template, boundaries. */
import { describe, expect, it } from 'vitest';
import { mixedBases } from '../../../src/core/mixed-bases';

const brochure = { database_id: 2, template_id: 'brochure', template_version: 2, systemBoundary: 'cradle to gate' };

describe('mixedBases', () => {
  it('finds nothing in like-for-like calculations, nor in different templates with one boundary', () => {
    expect(mixedBases([brochure, brochure])).toEqual([]);
    expect(mixedBases([brochure, { ...brochure, template_id: 'flyer', template_version: 1 }])).toEqual([]);
    expect(mixedBases([])).toEqual([]);
  });

  it('names each basis that differs', () => {
    expect(mixedBases([brochure, { ...brochure, database_id: 1 }])).toEqual(['databases']);
    expect(mixedBases([brochure, { ...brochure, template_version: 1 }])).toEqual(['templateVersions']);
    expect(mixedBases([brochure, { ...brochure, systemBoundary: undefined }])).toEqual(['systemBoundaries']);
    expect(
      mixedBases([brochure, { ...brochure, database_id: 1, template_version: 1, systemBoundary: 'gate to gate' }]),
    ).toEqual(['databases', 'templateVersions', 'systemBoundaries']);
  });
});
