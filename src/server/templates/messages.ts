/** The template API's own error messages: `errors.templates.*` in locales/<lang>.json, worded at the error boundary. */
import type { ErrorKey, ErrorMessage, ErrorParams } from '../../core/i18n/error-keys';

type TemplateMessageKey = ErrorKey extends infer K ? (K extends `errors.templates.${infer N}` ? N : never) : never;

export const templateMessage = (key: TemplateMessageKey, params?: ErrorParams): ErrorMessage => ({
  key: `errors.templates.${key}`,
  ...(params && { params }),
});
