/** Menus offer templates alphabetically by their label in the reader's language, not by id (issue #35). */
import { expect, it } from 'vitest';
import { byLabel } from '../../../src/client/template-forms/useTemplate';
import type { TemplateRecord } from '../../../src/client/calculations/types';

const template = (id: string, label: string) => ({ id, label }) as unknown as TemplateRecord;

it('sorts templates by label, accents and case aside', () => {
  const templates = [
    template('poster', 'Plakat'),
    template('book', 'Buch'),
    template('flyer', 'Flyer'),
    template('box', 'Faltschachtel'),
    template('brochure', 'broschüre'),
  ];
  expect(byLabel(templates, 'de').map((t) => t.label)).toEqual([
    'broschüre',
    'Buch',
    'Faltschachtel',
    'Flyer',
    'Plakat',
  ]);
  // The input is left as it was.
  expect(templates[0]!.id).toBe('poster');
});
