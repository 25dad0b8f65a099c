import { useEffect } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import { useBranding } from './branding';

/** Keeps the browser tab's title ("<provider> Direktbestellung") in the current language and brand. */
export const DocumentTitle = () => {
  const translate = useTranslate();
  const locale = useLocale();
  const { providerName } = useBranding();
  useEffect(() => {
    document.title = translate('app.document_title', { provider: providerName });
  }, [translate, locale, providerName]);
  return null;
};
