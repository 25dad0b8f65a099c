/** The database actions beyond simple-rest: publish, archive, roll out, CSV import, diff. */
import type { FactorDatabaseDiff, FactorDatabaseRecord, FactorImportReport } from '../../core/api';
import { httpClient, sendJson } from '../providers/httpClient';

export type DatabaseAction = 'publish' | 'archive' | 'roll-out';

export async function changeStatus(id: number, action: DatabaseAction): Promise<FactorDatabaseRecord> {
  return (await sendJson<FactorDatabaseRecord>(`/databases/${id}/${action}`, 'POST')).json;
}

export async function importFactors(id: number, csv: string): Promise<FactorImportReport> {
  return (await sendJson<FactorImportReport>(`/databases/${id}/import`, 'POST', { csv })).json;
}

export async function loadDiff(id: number, against: number): Promise<FactorDatabaseDiff> {
  return (await httpClient<FactorDatabaseDiff>(`/databases/${id}/diff?against=${against}`)).json;
}
