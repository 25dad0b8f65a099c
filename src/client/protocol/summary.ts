/**
 * Protocol texts in the READER's language: the server stores summary data, never finished sentences
 * (the CSV export renders the same `protocol.summary.*` messages on the server).
 */
import { useTranslate } from 'react-admin';
import type { ProtocolEntryRecord } from '../../core/api';

export function useProtocolTexts() {
  const translate = useTranslate();
  const resourceName = (resource: string | null) =>
    resource ? translate(`protocol.resources.${resource}`, { _: resource }) : '';
  const actionName = (action: string) => translate(`protocol.actions.${action}`, { _: action });
  const summary = (entry: ProtocolEntryRecord) => {
    const params = {
      label: entry.record_label ?? '',
      resource: resourceName(entry.resource),
      email: entry.user_email ?? '',
      ...entry.summary.params,
    };
    const generic = translate('protocol.summary.generic', { ...params, action: actionName(entry.action) });
    return translate(`protocol.summary.${entry.summary.key ?? entry.action}`, { ...params, _: generic });
  };
  /** A field's label from the resource's own field labels where one exists, else its name. */
  const fieldName = (resource: string | null, field: string) =>
    resource ? translate(`resources.${resource}.fields.${field}`, { _: field }) : field;
  return { resourceName, actionName, summary, fieldName };
}
