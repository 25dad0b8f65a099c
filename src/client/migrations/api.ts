/** The migration steps that are not plain simple-rest calls, as react-query mutations over the data provider. */
import { useMutation } from '@tanstack/react-query';
import type { Identifier } from 'react-admin';
import type { CreateFactorMigrationRequest, MigrationStep } from '../../core/api';
import { useKontorDataProvider } from '../providers/dataProvider';
import { downloadFile } from '../shell/download/saveFile';

/** Previews a migration: nothing changes until it is applied. */
export function usePreviewMigration() {
  const dataProvider = useKontorDataProvider();
  return useMutation({ mutationFn: (request: CreateFactorMigrationRequest) => dataProvider.previewMigration(request) });
}

export function useMigrationStep() {
  const dataProvider = useKontorDataProvider();
  return useMutation({
    mutationFn: ({ id, step }: { id: Identifier; step: MigrationStep }) => dataProvider.migrationStep(id, step),
  });
}

/** The preview rows as CSV, rendered by the server (formula-like cells escaped there). */
export function downloadItemsCsv(id: number): Promise<void> {
  return downloadFile(`/migrations/${id}/items.csv`, `migration-${id}.csv`);
}
