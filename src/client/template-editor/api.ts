/** The template editor's calls to `/api/templates/...` (provider admins). */
import type { TemplateLoadErrorRecord, TemplateSaveRequest, TemplateVersionRecord } from '../../core/api';
import { httpClient, sendJson } from '../providers/httpClient';

const path = (id: string, version?: number) =>
  `/templates/${encodeURIComponent(id)}${version === undefined ? '' : `/versions/${version}`}`;

export async function saveTemplate(request: TemplateSaveRequest): Promise<TemplateVersionRecord> {
  return (await sendJson<TemplateVersionRecord>('/templates', 'POST', request)).json;
}

export async function listVersions(id: string): Promise<TemplateVersionRecord[]> {
  return (await httpClient<TemplateVersionRecord[]>(`${path(id)}/versions`)).json;
}

export async function publishVersion(id: string, version: number): Promise<TemplateVersionRecord> {
  return (await sendJson<TemplateVersionRecord>(`${path(id, version)}/publish`, 'POST', {})).json;
}

export async function deleteVersion(id: string, version: number): Promise<TemplateVersionRecord> {
  return (await sendJson<TemplateVersionRecord>(path(id, version), 'DELETE')).json;
}

/** The file text the server exports for a version (what goes into `schemas/templates/<id>.json`). */
export async function exportVersion(id: string, version: number): Promise<string> {
  return (await httpClient(`${path(id, version)}/export`)).body;
}

/** The template files the server rejected at startup. */
export async function listLoadErrors(): Promise<TemplateLoadErrorRecord[]> {
  return (await httpClient<TemplateLoadErrorRecord[]>('/template-load-errors')).json;
}
