/**
 * Why the server refuses: what domain code throws when a request cannot be done. A refusal names its kind and its
 * faults as message keys with params (`src/core/i18n/fault.ts`), never an HTTP status or a sentence: the HTTP edge
 * (`http/errors`) gives each kind its status and words the faults once, in the reader's language. Domain modules
 * import this, never `http/errors`.
 */
import type { ErrorText } from '../core/i18n/error-keys';
import type { FaultText, RenderedText } from '../core/i18n/fault';

export type RefusalKind =
  'invalid' | 'unauthenticated' | 'forbidden' | 'notFound' | 'conflict' | 'tooLarge' | 'tooMany' | 'unavailable';

/** A refusal's text: a key of the error catalogue (checked against it), or text a checker has already worded. */
export type RefusalText = ErrorText | RenderedText;

/** Each faulty field's fault, by the field's path (`inputs.quantity`). */
export type FieldFaults = Record<string, FaultText>;

export class Refusal extends Error {
  constructor(
    readonly kind: RefusalKind,
    readonly text: RefusalText,
    readonly faults?: FieldFaults,
  ) {
    super(typeof text === 'string' ? text : 'rendered' in text ? text.rendered : text.key);
    this.name = 'Refusal';
  }
}

export const badRequest = (text: RefusalText, faults?: FieldFaults) => new Refusal('invalid', text, faults);
export const unauthorized = (text: RefusalText = 'errors.auth.required') => new Refusal('unauthenticated', text);
export const forbidden = (text: RefusalText = 'errors.forbidden', faults?: FieldFaults) =>
  new Refusal('forbidden', text, faults);
export const notFound = (text: RefusalText = 'errors.notFound') => new Refusal('notFound', text);
export const conflict = (text: RefusalText, faults?: FieldFaults) => new Refusal('conflict', text, faults);
export const unavailable = (text: RefusalText) => new Refusal('unavailable', text);
export const tooMany = (text: RefusalText) => new Refusal('tooMany', text);
