/**
 * Uploading the CSV with XMLHttpRequest (fetch has no upload progress): the raw file as the body,
 * the parameters in the query string, the session token as for every API call. `abort()` cancels:
 * the server stops the job when the request goes away.
 */
import type { ApiErrorBody, ImportMode, ImportReport } from '../../core/api';
import type { ColumnMapping } from '../../core/csv';
import { apiUrl, authorizationHeader } from '../providers/httpClient';
import { readSession } from '../providers/session';

export interface UploadParams {
  template: string;
  mapping: ColumnMapping;
  mode: ImportMode;
  dryRun: boolean;
  /** The factor database the rows are computed with; the mandant's default when absent. */
  databaseId?: number;
}

export interface UploadProgress {
  loaded: number;
  total: number;
}

export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly cancelled = false,
  ) {
    super(message);
  }
}

export function uploadCsv(
  file: File,
  params: UploadParams,
  onProgress: (progress: UploadProgress) => void,
): { done: Promise<ImportReport>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const query = new URLSearchParams({
    template: params.template,
    mode: params.mode,
    dry_run: String(params.dryRun),
    file_name: file.name,
    mapping: JSON.stringify(params.mapping),
    ...(params.databaseId !== undefined && { database_id: String(params.databaseId) }),
  });
  const done = new Promise<ImportReport>((resolve, reject) => {
    xhr.open('POST', apiUrl(`/imports?${query.toString()}`));
    const session = readSession();
    if (session) xhr.setRequestHeader('Authorization', authorizationHeader(session.token));
    xhr.setRequestHeader('Content-Type', 'text/csv');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) =>
      onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as ImportReport);
      else reject(new UploadError((body as ApiErrorBody | null)?.message ?? `HTTP ${xhr.status}`, xhr.status));
    };
    xhr.onerror = () => reject(new UploadError('importer.networkError', 0));
    xhr.onabort = () => reject(new UploadError('importer.cancelled', 0, true));
    xhr.send(file);
  });
  return { done, abort: () => xhr.abort() };
}
