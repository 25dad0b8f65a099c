import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useNotificationContext, useTranslate, type NotificationPayload } from 'react-admin';
import { Alert, Box } from '@mui/material';

/** While the snackbar's code is missing (offline): try again this often, and at once when the browser is back online. */
export const NOTIFICATION_RETRY_MS = 5_000;

let loading: Promise<{ default: ComponentType }> | null = null;

/**
 * react-admin's snackbar (with MUI's Snackbar, its transition and click-away listener) is its own chunk so that it
 * does not weigh on the login page (issue #22). It is fetched once the app is idle after starting, not on first use:
 * the first notification is often "no connection", when nothing can be fetched (issue #35). A failed fetch is
 * forgotten so that the next attempt asks the server again.
 */
function loadNotification(): Promise<{ default: ComponentType }> {
  loading ??= import('./notificationSnackbar').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: 3_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, 1_000);
  return () => clearTimeout(timer);
}

/**
 * The notifications as plain text while the snackbar's code cannot be loaded: a message such as "Keine Verbindung …
 * Ihre Eingaben bleiben erhalten" must be read exactly when the network is gone. It tries the chunk again by itself.
 */
const PlainNotification = ({ onRetry }: { onRetry: () => void }) => {
  const translate = useTranslate();
  const { notifications } = useNotificationContext();
  useEffect(() => {
    const timer = setInterval(onRetry, NOTIFICATION_RETRY_MS);
    window.addEventListener('online', onRetry);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', onRetry);
    };
  }, [onRetry]);
  const latest = notifications[notifications.length - 1];
  if (!latest) return null;
  const { message, type, notificationOptions } = latest;
  const text =
    typeof message === 'string' ? translate(message, { _: message, ...notificationOptions?.messageArgs }) : '';
  return (
    <Box sx={{ position: 'fixed', bottom: 16, left: 16, right: 16, zIndex: 1400, maxWidth: 640, mx: 'auto' }}>
      <Alert
        severity={type === 'success' ? 'success' : type === 'warning' ? 'warning' : type === 'info' ? 'info' : 'error'}
        variant="filled"
        role="alert"
        data-testid="notification-plain"
      >
        {text}
      </Alert>
    </Box>
  );
};

/**
 * A success supersedes what is shown before it: "Profil gespeichert" after a failed attempt must not wait behind the
 * stale "Das Formular ist ungültig" (issue #35). react-admin's snackbar shows one notification until it hides; while it
 * shows one, a success stays queued. Then the returned number changes, which remounts the snackbar: the stale one is
 * dropped and the success shown. A success the snackbar took at once (nothing shown) changes nothing.
 */
function useSupersedingSuccess(notifications: readonly NotificationPayload[]): number {
  const [generation, setGeneration] = useState(0);
  const seen = useRef(new WeakSet<NotificationPayload>());
  const latest = useRef(notifications);
  useEffect(() => {
    latest.current = notifications;
    const fresh = notifications.find(
      (notification) => notification.type === 'success' && !seen.current.has(notification),
    );
    if (!fresh) return;
    seen.current.add(fresh);
    // After the snackbar's own effect has had its chance to take it (then the queue changed and this is cleared).
    const timer = setTimeout(() => {
      if (latest.current.includes(fresh)) setGeneration((n) => n + 1);
    }, 0);
    return () => clearTimeout(timer);
  }, [notifications]);
  return generation;
}

export const NotificationOnDemand = () => {
  const { notifications } = useNotificationContext();
  const [needed, setNeeded] = useState(false);
  // Each attempt is a new lazy component: React.lazy remembers a failed load for good.
  const [attempt, setAttempt] = useState(0);
  // Each lazy component gets a promise of its own. React's lazy marks the promise it resolves as "fulfilled"; a later
  // lazy component (a retry, a second mount of the app) handed that same shared promise would suspend on it, be retried
  // at once because it looks resolved, and suspend again before its own `then` could run: a synchronous loop that never
  // ends (issue #38: the worker of the template-authoring UI tests spun at full CPU in their second app to notify).
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `attempt` is the point: a new lazy component per attempt
  const Notification = useMemo(() => lazy(() => loadNotification().then((module) => module)), [attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  useEffect(() => whenIdle(() => void loadNotification().catch(() => undefined)), []);
  const superseding = useSupersedingSuccess(notifications);
  // Remembered during render: the first notification mounts the snackbar in the same pass.
  if (notifications.length > 0 && !needed) setNeeded(true);
  if (!needed && notifications.length === 0) return null;
  return (
    <ErrorBoundary resetKeys={[attempt]} fallbackRender={() => <PlainNotification onRetry={retry} />}>
      <Suspense fallback={null}>
        <Notification key={superseding} />
      </Suspense>
    </ErrorBoundary>
  );
};
