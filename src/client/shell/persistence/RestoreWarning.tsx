import { useEffect } from 'react';
import { useNotify } from 'react-admin';
import { takeRestoreFailure } from './clientState';

/** Tells the user once when the stored client state was unreadable and has been reset. */
export const RestoreWarning = () => {
  const notify = useNotify();
  useEffect(() => {
    if (takeRestoreFailure()) {
      notify('shell.persistence.restore_failed', { type: 'warning', autoHideDuration: 10_000 });
    }
  }, [notify]);
  return null;
};
