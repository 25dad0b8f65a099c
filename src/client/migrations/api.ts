/** The migration steps that are not plain simple-rest calls. */
import type { CreateFactorMigrationRequest, FactorMigrationRecord } from '../../core/api';
import { httpClient, sendJson } from '../providers/httpClient';

export async function createPreview(request: CreateFactorMigrationRequest): Promise<FactorMigrationRecord> {
  return (await sendJson<FactorMigrationRecord>('/migrations', 'POST', request)).json;
}

export async function migrationStep(id: number, step: 'apply' | 'discard' | 'rollback'): Promise<FactorMigrationRecord> {
  return (await sendJson<FactorMigrationRecord>(`/migrations/${id}/${step}`, 'POST')).json;
}

/** The preview rows as CSV, rendered by the server (formula-like cells escaped there). */
export async function downloadItemsCsv(id: number): Promise<void> {
  const response = await httpClient(`/migrations/${id}/items.csv`, { headers: { Accept: 'text/csv' } });
  // jsdom and very old browsers have no object URLs; there is nothing to save to then.
  if (typeof URL.createObjectURL !== 'function') return;
  const url = URL.createObjectURL(new Blob([response.body], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `migration-${id}.csv`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
