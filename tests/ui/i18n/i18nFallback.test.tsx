import { screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { renderApp } from '../renderApp';

// A language chunk that fails to load (e.g. removed by a deploy) must not leave a blank screen.
vi.mock('../../../src/client/i18n/messages', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/client/i18n/messages')>();
  return {
    ...original,
    loadMessages: (language: string) =>
      language === 'fr' ? Promise.reject(new Error('chunk failed')) : original.loadMessages(language as 'de'),
  };
});

it('falls back to German with a warning when a language file fails to load', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  document.cookie = 'i18n_redirected=fr; path=/';
  renderApp('/login');
  expect(await screen.findByRole('heading', { name: 'Anmelden' })).toBeInTheDocument();
  expect(document.documentElement.lang).toBe('de');
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('"fr"'), expect.any(Error));
});
