/** The collection API's own error messages: `errors.collections.*` in locales/<lang>.json, worded at the error boundary. */
import type { ErrorKey, ErrorMessage, ErrorParams } from '../../core/i18n/error-keys';

type CollectionMessageKey = ErrorKey extends infer K ? (K extends `errors.collections.${infer N}` ? N : never) : never;

export const collectionMessage = (key: CollectionMessageKey, params?: ErrorParams): ErrorMessage => ({
  key: `errors.collections.${key}`,
  ...(params && { params }),
});
