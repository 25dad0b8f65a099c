import { useQuery } from '@tanstack/react-query';
import { useGetList, useGetOne } from 'react-admin';
import { useKontorDataProvider } from '../providers/dataProvider';
import type { TemplateRecord } from '../../core/api';

export function useTemplate(templateId: string | undefined) {
  return useGetOne<TemplateRecord>('templates', { id: templateId as string }, { enabled: !!templateId, retry: false });
}

/**
 * The template version a calculation was made with: a saved calculation opens as what it was saved as (its form, its
 * figures), never as a newer version the calculation has not been carried to.
 */
export function useTemplateVersion(templateId: string | undefined, version: number | undefined) {
  const dataProvider = useKontorDataProvider();
  return useQuery({
    queryKey: ['templates', templateId ?? '', 'at', version ?? 0],
    queryFn: () => dataProvider.templateAt(templateId ?? '', version ?? 0),
    enabled: !!templateId && version !== undefined,
    retry: false,
  });
}

const ALL = { page: 1, perPage: 100 };
const BY_ID = { field: 'id', order: 'ASC' as const };

/** Every template (a handful), optionally of one type. */
export function useTemplates(type?: string) {
  return useGetList<TemplateRecord>('templates', { pagination: ALL, sort: BY_ID, filter: type ? { type } : {} });
}

/** Templates as menus offer them: alphabetically by their label in the reader's language (ids are no visible order). */
export function byLabel(templates: readonly TemplateRecord[], locale: string): TemplateRecord[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  return [...templates].sort((a, b) => collator.compare(a.label, b.label));
}
