/**
 * The record a show page's address names (`/<resource>/:id`), and what the page says instead when it did not load:
 * the page's own "not found" for a 404, the failure's words otherwise (`useLoadFailureText`).
 */
import { useParams } from 'react-router-dom';
import { useGetOne, useTranslate, type RaRecord, type UseGetOneOptions } from 'react-admin';
import { useLoadFailureText } from './loadFailure';

export function usePageRecord<T extends RaRecord>(resource: string, notFound: string, options?: UseGetOneOptions<T>) {
  const { id } = useParams();
  const translate = useTranslate();
  const failureText = useLoadFailureText();
  const { data, isPending, error } = useGetOne<T>(resource, { id: Number(id) }, options);
  return {
    /** Absent while loading and when the load failed. */
    record: error ? undefined : data,
    isPending,
    failure: () => failureText(error, translate(notFound)),
  };
}
