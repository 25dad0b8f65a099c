/**
 * What a failed save tells the user. A 409 means someone else saved the calculation meanwhile: nothing is
 * overwritten, the form keeps the user's input and says so plainly. Field errors (400) are shown on the fields by
 * react-admin itself; anything else is a toast.
 */
import { useCallback, useState } from 'react';
import { useNotify, type HttpError } from 'react-admin';

export function isConflict(error: unknown): boolean {
  return (error as HttpError | undefined)?.status === 409;
}

export function useSaveFailure() {
  const notify = useNotify();
  const [conflict, setConflict] = useState(false);
  const onError = useCallback(
    (error: unknown) => {
      if (isConflict(error)) {
        setConflict(true);
        notify('calculations.conflict.title', { type: 'error' });
        return;
      }
      const fieldErrors = (error as HttpError | undefined)?.body?.errors as Record<string, unknown> | undefined;
      if (fieldErrors && Object.keys(fieldErrors).length > 0) return;
      const message = error instanceof Error && error.message ? error.message : 'ra.notification.http_error';
      notify(message, { type: 'error', messageArgs: { _: message } });
    },
    [notify],
  );
  return { conflict, setConflict, onError };
}
