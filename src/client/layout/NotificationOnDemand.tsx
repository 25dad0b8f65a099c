import { lazy, Suspense, useState } from 'react';
import { useNotificationContext } from 'react-admin';

/**
 * react-admin's snackbar (with MUI's Snackbar, its transition and click-away listener) loads with the first
 * notification rather than with the first page after signing in, which mostly shows none (issue #22). Once loaded it
 * stays mounted, so later notifications and their closing animations behave as before. A chunk that fails to load is
 * recovered by the shell's `vite:preloadError` listener (shell/navigation/chunkReload.ts).
 */
const Notification = lazy(() => import('./notificationSnackbar'));

export const NotificationOnDemand = () => {
  const { notifications } = useNotificationContext();
  const [needed, setNeeded] = useState(false);
  // Remembered during render: the first notification mounts the snackbar in the same pass.
  if (notifications.length > 0 && !needed) setNeeded(true);
  if (!needed && notifications.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Notification />
    </Suspense>
  );
};
