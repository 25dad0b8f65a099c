import { useGetList, useGetOne } from 'react-admin';
import type { TemplateRecord } from './types';

export function useTemplate(templateId: string | undefined) {
  return useGetOne<TemplateRecord>('templates', { id: templateId as string }, { enabled: !!templateId, retry: false });
}

const ALL = { page: 1, perPage: 100 };
const BY_ID = { field: 'id', order: 'ASC' as const };

/** Every template (a handful), optionally of one type. */
export function useTemplates(type?: string) {
  return useGetList<TemplateRecord>('templates', { pagination: ALL, sort: BY_ID, filter: type ? { type } : {} });
}
