/**
 * Protocol texts in the READER's language: the server stores summary data, never finished sentences;
 * core's renderer (core/protocol/describe) turns it into words here and, from the same messages, in
 * the server's CSV export.
 */
import { useMemo } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import type { ProtocolEntryRecord } from '../../core/api';
import { DEFAULT_LANGUAGE, isLanguage } from '../../core/languages';
import {
  actionName,
  describeChanges,
  entryActionName,
  describeSummary,
  fieldLabel,
  resourceName,
  type ProtocolReader,
} from '../../core/protocol/describe';

/** What the translator answers for a missing key when told to; never a real message. */
const MISSING = '\u0000missing';

export function useProtocolReader(): ProtocolReader {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return useMemo(() => {
    const language = isLanguage(locale) ? locale : DEFAULT_LANGUAGE;
    return {
      language,
      translate: (key: string, params: Record<string, unknown> = {}) => {
        const text = translate(key, { ...params, _: MISSING });
        return text === MISSING ? null : text;
      },
    };
  }, [translate, locale]);
}

export function useProtocolTexts() {
  const reader = useProtocolReader();
  return {
    resourceName: (resource: string | null) => resourceName(reader, resource),
    actionName: (action: string) => actionName(reader, action),
    entryActionName: (entry: ProtocolEntryRecord) => entryActionName(reader, entry),
    summary: (entry: ProtocolEntryRecord) => describeSummary(reader, entry),
    changes: (entry: ProtocolEntryRecord) => describeChanges(reader, entry),
    fieldName: (resource: string | null, field: string) => fieldLabel(reader, resource, field),
  };
}
