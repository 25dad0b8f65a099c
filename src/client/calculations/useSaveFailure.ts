/**
 * What a failed save tells the user. A 409 is one of two things: someone else saved the calculation meanwhile, or an
 * offset order has locked it since it was opened. Which one the record itself says (it is read once more); nothing is
 * overwritten either way, and the form keeps the user's input. Field errors (400) are shown on the fields by
 * react-admin itself; anything else is a toast.
 */
import { useCallback, useState } from 'react';
import { useDataProvider, useNotify, type HttpError } from 'react-admin';
import type { CalculationRecord } from './types';

export function isConflict(error: unknown): boolean {
  return (error as HttpError | undefined)?.status === 409;
}

/** The lock of a calculation an order froze: the server's words and the order, when the record names it. */
export interface SaveLock {
  message: string;
  order?: { id: number; number: string };
}

export function useSaveFailure(id?: number) {
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const [conflict, setConflict] = useState(false);
  const [locked, setLocked] = useState<SaveLock | null>(null);
  const onError = useCallback(
    async (error: unknown) => {
      if (isConflict(error)) {
        const message = error instanceof Error && error.message ? error.message : '';
        const now =
          id === undefined
            ? undefined
            : await dataProvider
                .getOne<CalculationRecord>('calculations', { id })
                .then((answer) => answer.data)
                .catch(() => undefined);
        if (now?.frozen) {
          setLocked({ message, ...(now.locked_by && { order: now.locked_by }) });
          notify(message || 'calculations.locked.title', { type: 'error', messageArgs: { _: message } });
          return;
        }
        setConflict(true);
        notify('calculations.conflict.title', { type: 'error' });
        return;
      }
      const fieldErrors = (error as HttpError | undefined)?.body?.errors as Record<string, unknown> | undefined;
      if (fieldErrors && Object.keys(fieldErrors).length > 0) return;
      const message = error instanceof Error && error.message ? error.message : 'ra.notification.http_error';
      notify(message, { type: 'error', messageArgs: { _: message } });
    },
    [notify, dataProvider, id],
  );
  return { conflict, setConflict, locked, onError };
}
