import { useEffect } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import { getRuntimeConfig } from '../providers/runtimeConfig';

/** Keeps the browser tab's title ("<provider> Direktbestellung") in the current language. */
export const DocumentTitle = () => {
  const translate = useTranslate();
  const locale = useLocale();
  useEffect(() => {
    document.title = translate('app.document_title', { provider: getRuntimeConfig().provider.name });
  }, [translate, locale]);
  return null;
};
