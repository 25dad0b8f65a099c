/** The migration steps that are not plain simple-rest calls. */
import type { CreateFactorMigrationRequest, FactorMigrationRecord } from '../../core/api';
import { sendJson } from '../providers/httpClient';
import { downloadFile } from '../shell/download/saveFile';

export async function createPreview(request: CreateFactorMigrationRequest): Promise<FactorMigrationRecord> {
  return (await sendJson<FactorMigrationRecord>('/migrations', 'POST', request)).json;
}

export async function migrationStep(id: number, step: 'apply' | 'discard' | 'rollback'): Promise<FactorMigrationRecord> {
  return (await sendJson<FactorMigrationRecord>(`/migrations/${id}/${step}`, 'POST')).json;
}

/** The preview rows as CSV, rendered by the server (formula-like cells escaped there). */
export function downloadItemsCsv(id: number): Promise<void> {
  return downloadFile(`/migrations/${id}/items.csv`, `migration-${id}.csv`);
}
