/**
 * MUI's own texts and date formats in the interface language. MUI speaks English unless told otherwise: a German
 * screen showed the tags field's "Clear" and the browser's `mm/dd/yyyy` date inputs (issue #18). This puts MUI's
 * component texts (Autocomplete, pagination, …) into the theme and gives the date pickers the language's calendar,
 * date format and texts.
 */
import { useCallback, type ReactNode } from 'react';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import { deDE as muiDe, enUS as muiEn, esES as muiEs, frFR as muiFr, itIT as muiIt } from '@mui/material/locale';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { deDE as pickersDe, enUS as pickersEn, esES as pickersEs, frFR as pickersFr, itIT as pickersIt } from '@mui/x-date-pickers/locales';
// One file per language: the `date-fns/locale` index loads all ninety-odd languages where nothing tree-shakes (tests).
import type { Locale } from 'date-fns';
import { de } from 'date-fns/locale/de';
import { enUS } from 'date-fns/locale/en-US';
import { es } from 'date-fns/locale/es';
import { fr } from 'date-fns/locale/fr';
import { it } from 'date-fns/locale/it';
import { useLocaleState } from 'react-admin';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../core/languages';

type MuiLocalization = typeof muiDe;
type PickersLocalization = typeof pickersDe;

// English is US English, as everywhere else Kontor formats dates (`Intl` with 'en').
const LANGUAGE_PACKS: Record<Language, { mui: MuiLocalization; pickers: PickersLocalization; dateFns: Locale }> = {
  de: { mui: muiDe, pickers: pickersDe, dateFns: de },
  en: { mui: muiEn, pickers: pickersEn, dateFns: enUS },
  fr: { mui: muiFr, pickers: pickersFr, dateFns: fr },
  it: { mui: muiIt, pickers: pickersIt, dateFns: it },
  es: { mui: muiEs, pickers: pickersEs, dateFns: es },
};

function packFor(locale: string) {
  return LANGUAGE_PACKS[isLanguage(locale) ? locale : DEFAULT_LANGUAGE];
}

/** The interface language's date-fns locale (the pickers' format, first day of the week, month names). */
export function useDateFnsLocale(): Locale {
  const [locale] = useLocaleState();
  return packFor(locale).dateFns;
}

/** Component defaults of the language on top of the surrounding theme; the app's own overrides keep winning. */
function withLanguage(outer: Theme, mui: MuiLocalization): Theme {
  const components: Record<string, unknown> = { ...outer.components };
  for (const [name, localized] of Object.entries(mui.components ?? {})) {
    const own = (components[name] ?? {}) as { defaultProps?: object };
    components[name] = { ...own, defaultProps: { ...(localized as { defaultProps?: object }).defaultProps, ...own.defaultProps } };
  }
  return { ...outer, components } as Theme;
}

export const MuiLanguage = ({ children }: { children: ReactNode }) => {
  const [locale] = useLocaleState();
  const pack = packFor(locale);
  // A stable function: MUI recomputes (and every styled component re-renders) when it changes.
  const theme = useCallback((outer: Theme) => withLanguage(outer, pack.mui), [pack]);
  return (
    <ThemeProvider theme={theme}>
      <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={pack.dateFns}
        localeText={pack.pickers.components.MuiLocalizationProvider.defaultProps.localeText}>
        {children}
      </LocalizationProvider>
    </ThemeProvider>
  );
};
