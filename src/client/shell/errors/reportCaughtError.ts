/**
 * Errors React's error boundaries caught (react-admin's layout and admin boundaries included) reach error
 * monitoring: the boundary shows the error page, so no global handler ever sees them otherwise.
 */
import type { ErrorInfo } from 'react';
import { getRuntimeConfig } from '../../providers/runtimeConfig';

export function reportCaughtError(error: unknown, info: Pick<ErrorInfo, 'componentStack'>): void {
  // No console output here: the error page components log what they show.
  if (!getRuntimeConfig().sentryDsn) return;
  // The same module instance startSentry() initialised; loading it again costs nothing.
  void import('@sentry/react').then(
    (Sentry) =>
      Sentry.withScope((scope) => {
        scope.setContext('react', { componentStack: info.componentStack ?? '' });
        scope.setTag('caught_by', 'error-boundary');
        Sentry.captureException(error);
      }),
    () => undefined,
  );
}
