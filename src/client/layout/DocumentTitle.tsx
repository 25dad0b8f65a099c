import { useEffect, useState } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import { useBranding } from './branding';

/** Where react-admin's <Title> (and List's, Edit's …) puts each page's title: the app bar's TitlePortal. */
const APP_BAR_TITLE_ID = 'react-admin-title';

/**
 * The page title the app bar shows. Every screen names itself through react-admin's <Title>, which portals into the
 * app bar; reading it there keeps one source for the heading and the tab, whichever way a page sets it.
 */
function useAppBarTitle(enabled: boolean): string {
  const [text, setText] = useState('');
  useEffect(() => {
    if (!enabled) return undefined;
    const read = () => setText(document.getElementById(APP_BAR_TITLE_ID)?.textContent?.trim() ?? '');
    // The title element mounts after this effect and its text changes with each page: watch the document for both.
    const observer = new MutationObserver(read);
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    read();
    return () => observer.disconnect();
  }, [enabled]);
  return text;
}

/**
 * Keeps the browser tab's title in the current language and brand, naming the page ("Kalkulationen – Kontor"):
 * `page` where a layout knows it (the sign-in card), else the app bar's title; without either, the product.
 */
export const DocumentTitle = ({ page }: { page?: string }) => {
  const translate = useTranslate();
  const locale = useLocale();
  const { providerName } = useBranding();
  const appBarTitle = useAppBarTitle(page === undefined);
  const pageTitle = page ?? appBarTitle;
  useEffect(() => {
    document.title = pageTitle
      ? translate('app.document_title_page', { page: pageTitle, provider: providerName })
      : translate('app.document_title', { provider: providerName });
  }, [translate, locale, providerName, pageTitle]);
  return null;
};
