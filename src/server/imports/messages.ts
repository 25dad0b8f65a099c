/** The import API's own error messages: `errors.imports.*` in locales/<lang>.json, worded at the error boundary. */
import type { ErrorKey, ErrorMessage, ErrorParams } from '../../core/i18n/error-keys';

type ImportMessageKey = ErrorKey extends infer K ? (K extends `errors.imports.${infer N}` ? N : never) : never;

export const importMessage = (key: ImportMessageKey, params?: ErrorParams): ErrorMessage => ({
  key: `errors.imports.${key}`,
  ...(params && { params }),
});
