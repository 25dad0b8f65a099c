/** The order API's own error messages: `errors.orders.*` in locales/<lang>.json, worded at the error boundary. */
import type { ErrorKey, ErrorMessage, ErrorParams } from '../../core/i18n/error-keys';

type OrderMessageKey = ErrorKey extends infer K ? (K extends `errors.orders.${infer N}` ? N : never) : never;

export const orderMessage = (key: OrderMessageKey, params?: ErrorParams): ErrorMessage => ({
  key: `errors.orders.${key}`,
  ...(params && { params }),
});

/** "Already ordered" for the calculation numbers given, worded in the singular or plural as their count needs. */
export function alreadyOrderedMessage(numbers: readonly string[]): ErrorMessage {
  return orderMessage(numbers.length > 1 ? 'alreadyOrderedMany' : 'alreadyOrdered', { numbers: numbers.join(', ') });
}
