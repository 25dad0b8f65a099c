/** The database actions beyond simple-rest (publish, archive, roll out, CSV import) as react-query mutations. */
import { useMutation } from '@tanstack/react-query';
import type { Identifier } from 'react-admin';
import type { FactorDatabaseAction } from '../../core/api';
import { useKontorDataProvider } from '../providers/dataProvider';

export function useDatabaseAction() {
  const dataProvider = useKontorDataProvider();
  return useMutation({
    mutationFn: ({ id, action }: { id: Identifier; action: FactorDatabaseAction }) =>
      dataProvider.databaseAction(id, action),
  });
}

export function useImportFactors() {
  const dataProvider = useKontorDataProvider();
  return useMutation({
    mutationFn: ({ id, csv }: { id: Identifier; csv: string }) => dataProvider.importFactors(id, csv),
  });
}
