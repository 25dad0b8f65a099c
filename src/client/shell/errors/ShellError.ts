/** An error with the HTTP-like status the error page shows (500 when an error carries none). */
export class ShellError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ShellError';
  }
}

export const DEFAULT_ERROR_STATUS = 500;
export const UNKNOWN_MIDDLEWARE = 'Unknown middleware';

/** The status of any thrown value: `status` (react-admin HttpError, ShellError), `statusCode`, else 500. */
export function errorStatus(error: unknown): number {
  if (error && typeof error === 'object') {
    const { status, statusCode } = error as { status?: unknown; statusCode?: unknown };
    for (const candidate of [status, statusCode]) {
      if (typeof candidate === 'number' && candidate >= 400 && candidate <= 599) return candidate;
    }
  }
  return DEFAULT_ERROR_STATUS;
}

export function errorMessage(error: unknown): string {
  if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') {
    return (error as { message: string }).message;
  }
  return typeof error === 'string' ? error : '';
}
