import type { HttpError } from 'react-admin';

/**
 * A failed save as react-admin's form `onSubmit` wants it: the server's field errors (shown on the fields), or
 * undefined after notifying the message (a network failure's message is a translation key explaining that the
 * change was not sent; the form keeps its content).
 */
export function submissionErrors(
  error: unknown,
  notify: (message: string, options: { type: 'error' }) => void,
): Record<string, string> | undefined {
  const { body, message } = error as HttpError & { body?: { errors?: Record<string, string> } };
  if (body?.errors && Object.keys(body.errors).length > 0) {
    notify('ra.message.invalid_form', { type: 'error' });
    return body.errors;
  }
  notify(message || 'app.common.server_error', { type: 'error' });
  return undefined;
}
