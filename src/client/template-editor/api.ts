/** The template editor's calls (provider admins), as react-query hooks over the data provider's template methods. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { TemplateSaveRequest } from '../../core/api';
import { useKontorDataProvider } from '../providers/dataProvider';

const versionsKey = (id: string) => ['templates', id, 'versions'];

/** The versions of a template, newest first (none for a template not yet saved). */
export function useTemplateVersions(id: string | undefined) {
  const dataProvider = useKontorDataProvider();
  return useQuery({
    queryKey: versionsKey(id ?? ''),
    queryFn: () => dataProvider.templateVersions(id ?? ''),
    enabled: id !== undefined,
    retry: false,
  });
}

/** Reads a template's versions once, through the same cache the versions panel shows (opening a version). */
export function useFetchTemplateVersions() {
  const dataProvider = useKontorDataProvider();
  const queryClient = useQueryClient();
  return useCallback(
    (id: string) =>
      queryClient.fetchQuery({
        queryKey: versionsKey(id),
        queryFn: () => dataProvider.templateVersions(id),
        retry: false,
      }),
    [dataProvider, queryClient],
  );
}

/** Saving, publishing and deleting a version; each refreshes the template's versions. */
export function useTemplateVersionMutations() {
  const dataProvider = useKontorDataProvider();
  const queryClient = useQueryClient();
  const refresh = (id: string) => queryClient.invalidateQueries({ queryKey: versionsKey(id) });
  const save = useMutation({
    mutationFn: (request: TemplateSaveRequest) => dataProvider.saveTemplate(request),
    onSuccess: (record) => refresh(record.template_id),
  });
  const publish = useMutation({
    mutationFn: ({ id, version }: { id: string; version: number }) => dataProvider.publishTemplateVersion(id, version),
    onSuccess: (record) => refresh(record.template_id),
  });
  const remove = useMutation({
    mutationFn: ({ id, version }: { id: string; version: number }) => dataProvider.deleteTemplateVersion(id, version),
    onSuccess: (_record, { id }) => refresh(id),
  });
  return { save: save.mutateAsync, publish: publish.mutateAsync, remove: remove.mutateAsync };
}

/** The exported file text of a version. */
export function useExportTemplateVersion() {
  const dataProvider = useKontorDataProvider();
  return (id: string, version: number) => dataProvider.exportTemplateVersion(id, version);
}

export function useTemplateLoadErrors() {
  const dataProvider = useKontorDataProvider();
  return useQuery({ queryKey: ['templates', 'load-errors'], queryFn: () => dataProvider.templateLoadErrors() });
}
