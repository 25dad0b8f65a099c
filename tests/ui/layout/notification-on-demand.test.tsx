/**
 * The snackbar loaded on demand (NotificationOnDemand): every mount of the app gets it, not only the first one.
 *
 * React's lazy marks the promise it resolves as "fulfilled". A second lazy component handed that same promise (the
 * app's second mount in one page or test worker, or a retry) was retried at once because the promise looked resolved,
 * and suspended again before its own `then` could run: a synchronous loop at full CPU that no timeout could end
 * (issue #38: the template-authoring UI tests hung in the worker's second app that notified).
 */
import { useEffect } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { AdminContext, useNotify } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { NotificationOnDemand } from '../../../src/client/layout/NotificationOnDemand';
import { createI18nProvider } from '../../../src/client/providers/i18nProvider';

const Notify = ({ message }: { message: string }) => {
  const notify = useNotify();
  useEffect(() => notify(message, { type: 'success' }), [notify, message]);
  return null;
};

describe('notification snackbar on demand', () => {
  it('shows a notification in each of several app mounts in one page', async () => {
    const i18nProvider = await createI18nProvider('de');
    for (const message of ['Erste Meldung', 'Zweite Meldung', 'Dritte Meldung']) {
      render(
        <AdminContext i18nProvider={i18nProvider}>
          <Notify message={message} />
          <NotificationOnDemand />
        </AdminContext>,
      );
      expect(await screen.findByText(message)).toBeInTheDocument();
      cleanup();
    }
  });
});
