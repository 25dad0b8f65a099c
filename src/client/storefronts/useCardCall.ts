/** The storefront cards' calls (keys, webhooks): one place for what follows a call, a notice and the lists refreshed. */
import { useNotify } from 'react-admin';
import { httpErrorText } from '../providers/httpClient';

/**
 * Runs a call of a card: when it succeeds, its notice (if it has one) and `refresh`; a refusal becomes an error
 * notice. Never rejects.
 */
export function useCardCall(refresh: () => Promise<unknown>) {
  const notify = useNotify();
  return async (call: () => Promise<unknown>, done?: string): Promise<void> => {
    try {
      await call();
      if (done) notify(done, { type: 'info' });
      await refresh();
    } catch (error) {
      notify(httpErrorText(error), { type: 'error' });
    }
  };
}
