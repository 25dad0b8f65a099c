/**
 * Error monitoring with @sentry/react, only when a DSN is configured (the SDK is then loaded as a separate chunk,
 * so installations without monitoring do not download it). No personal data leaves the browser.
 */
import type { RuntimeConfig } from '../providers/runtimeConfig';

const NOISE = ['Script error.', /ResizeObserver loop/];

export async function startSentry(config: RuntimeConfig): Promise<void> {
  if (!config.sentryDsn) return;
  try {
    const Sentry = await import('@sentry/react');
    Sentry.init({
      dsn: config.sentryDsn,
      environment: 'production',
      sendDefaultPii: false,
      ignoreErrors: NOISE,
      beforeSend(event) {
        // Keep the user's id for grouping, drop e-mail, name and IP address.
        if (event.user) event.user = event.user.id != null ? { id: event.user.id } : undefined;
        return event;
      },
    });
  } catch (error) {
    console.warn('Error monitoring could not be started.', error);
  }
}
