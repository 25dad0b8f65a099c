/**
 * MUI's own component texts in the interface language. MUI speaks English unless told otherwise: a German screen
 * showed the tags field's "Clear" (issue #18). The date pickers take their language in `LocalizedDateInput`, so that
 * their library loads only with a page that asks for a date.
 */
import { useCallback, type ReactNode } from 'react';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import { deDE, enUS, esES, frFR, itIT } from '@mui/material/locale';
import { useLocaleState } from 'react-admin';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../core/languages';

type MuiLocalization = typeof deDE;

const MUI_TEXTS: Record<Language, MuiLocalization> = { de: deDE, en: enUS, fr: frFR, it: itIT, es: esES };

/** The interface language, German for anything else (as the messages). */
export function useInterfaceLanguage(): Language {
  const [locale] = useLocaleState();
  return isLanguage(locale) ? locale : DEFAULT_LANGUAGE;
}

/** Component defaults of the language on top of the surrounding theme; the app's own defaults keep winning. */
function withLanguage(outer: Theme, mui: MuiLocalization): Theme {
  const components: Record<string, unknown> = { ...outer.components };
  for (const [name, localized] of Object.entries(mui.components ?? {})) {
    const own = (components[name] ?? {}) as { defaultProps?: object };
    components[name] = {
      ...own,
      defaultProps: { ...(localized as { defaultProps?: object }).defaultProps, ...own.defaultProps },
    };
  }
  return { ...outer, components } as Theme;
}

export const MuiLanguage = ({ children }: { children: ReactNode }) => {
  const texts = MUI_TEXTS[useInterfaceLanguage()];
  // A stable function: MUI recomputes the theme (and every styled component re-renders) when it changes.
  const theme = useCallback((outer: Theme) => withLanguage(outer, texts), [texts]);
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
};
