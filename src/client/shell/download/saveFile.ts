/**
 * The one way the client hands a file to the browser: a Blob behind an object URL and a clicked
 * link. The API wants the session's bearer token, which a plain link cannot send, so every
 * download is fetched first (`downloadFile`) and saved through here.
 */
import { httpFile } from '../../providers/httpClient';

export const CSV_TYPE = 'text/csv;charset=utf-8';

export function saveFile(content: Blob | string, filename: string, type = CSV_TYPE): void {
  // jsdom and very old browsers have no object URLs; there is nothing to save to then.
  if (typeof URL.createObjectURL !== 'function') return;
  const url = URL.createObjectURL(typeof content === 'string' ? new Blob([content], { type }) : content);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoke later: some browsers start the download asynchronously.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The file name a server answer proposes (`Content-Disposition: attachment; filename="…"`), else the fallback. */
function attachmentName(headers: Headers, fallback: string): string {
  return /filename="([^"]+)"/.exec(headers.get('Content-Disposition') ?? '')?.[1] ?? fallback;
}

/**
 * A file the API renders (CSV, PDF) saved as the server sent it, under the name it proposes (else `fallbackName`).
 * Failures are `HttpError`s as for every API call; the caller tells the user.
 */
export async function downloadFile(path: string, fallbackName: string, accept = 'text/csv'): Promise<void> {
  const { blob, headers } = await httpFile(path, accept);
  saveFile(blob, attachmentName(headers, fallbackName));
}
