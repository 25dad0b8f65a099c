/**
 * The template form editor as the template-authoring UI tests drive it: a provider admin reading English, a new
 * template's form editor, and the steps of building in it. Shared by the tests split by subject, each file a fresh
 * app in a fresh worker.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { SessionUser } from '../../src/core/api';
import type { Template } from '../../src/core/template';
import { providerAdmin as provider, spy, store } from './mockServer';
import { renderApp } from './renderApp';

/** The provider admin, reading English. */
export const providerAdmin: SessionUser = { ...provider, language: 'en' };

const factor = (id: number, key: string, category: string) => ({
  id,
  database_id: 1,
  key,
  category,
  unit: 'kg',
  value: 1.2,
  source: 'test',
  year: 2024,
  region: 'DE',
  demo: true,
  data_type: 'secondary',
  technology: 'average',
  declaration_kind: null,
  biogenic_co2: null,
  delivery_included: null,
  label: { de: key, en: `Label ${key}`, fr: key, it: key, es: key },
});

function serve(): { definition: Template }[] {
  const factors = store.table('factors');
  for (const row of [
    factor(1, 'paper_coated', 'paper'),
    factor(2, 'paper_recycled', 'paper'),
    factor(3, 'truck', 'transport'),
  ])
    factors.set(String(row.id), row);
  // No templates, databases or load errors: the shared handlers' empty store answers those, and the saved draft.
  store.setAnswer(providerAdmin, '/api/factor-categories', [
    { key: 'paper', factor_count: 2, factor_keys: ['paper_coated', 'paper_recycled'], label: null },
  ]);
  const sent = spy('post', '/templates');
  return sent.bodies as { definition: Template }[];
}

export async function openNew() {
  const posts = serve();
  const rendered = renderApp('/templates/new', { signedInAs: providerAdmin });
  await screen.findByTestId('form-editor', {}, { timeout: 90_000 });
  const save = async () => {
    fireEvent.click(screen.getByTestId('template-save-draft'));
    await waitFor(() => expect(posts).toHaveLength(1));
    return posts[0]!.definition;
  };
  return { ...rendered, save };
}

export const click = (testId: string) => fireEvent.click(screen.getByTestId(testId));
export const change = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
/** A field's name takes effect when the input is left (issue #34: the references follow in one step). */
export const rename = (testId: string, value: string) => {
  change(testId, value);
  fireEvent.blur(screen.getByTestId(testId));
};
export const fillTexts = (testId: string, text: string) => {
  for (const lang of ['de', 'en', 'fr', 'it', 'es']) change(`${testId}-${lang}`, `${text} ${lang}`);
};
export const texts = (text: string) => ({
  de: `${text} de`,
  en: `${text} en`,
  fr: `${text} fr`,
  it: `${text} it`,
  es: `${text} es`,
});
