/**
 * Every date Kontor asks for, as a date picker in the interface language (`TT.MM.JJJJ` on a German screen, a calendar
 * with German months and Monday first). The browser's own `<input type="date">` speaks the browser's language
 * instead: a German screen in an English browser showed `mm/dd/yyyy` and an English "Clear" (issue #18).
 * The value is a calendar day, `YYYY-MM-DD`, as the API stores it.
 */
import { useState, type ReactNode } from 'react';
import { DesktopDatePicker } from '@mui/x-date-pickers/DesktopDatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { deDE, enUS as enUSTexts, esES, frFR, itIT } from '@mui/x-date-pickers/locales';
import { format as formatDate, isValid, type Locale } from 'date-fns';
// One file per language: the `date-fns/locale` index loads all ninety-odd languages where nothing tree-shakes (tests).
import { de } from 'date-fns/locale/de';
import { enUS } from 'date-fns/locale/en-US';
import { es } from 'date-fns/locale/es';
import { fr } from 'date-fns/locale/fr';
import { it } from 'date-fns/locale/it';
import { FieldTitle, InputHelperText, useInput, useTranslate, type InputProps } from 'react-admin';
import type { SxProps, Theme } from '@mui/material/styles';
import type { Language } from '../../core/languages';
import { useInterfaceLanguage } from './MuiLanguage';

type PickerTexts = typeof deDE;

/** Format, calendar (first day of the week, month names) and the pickers' own texts per language. English is US
 * English, as everywhere else Kontor formats dates (`Intl` with 'en'). */
const PICKER_LANGUAGES: Record<Language, { dateFns: Locale; texts: PickerTexts }> = {
  de: { dateFns: de, texts: deDE },
  en: { dateFns: enUS, texts: enUSTexts },
  fr: { dateFns: fr, texts: frFR },
  it: { dateFns: it, texts: itIT },
  es: { dateFns: es, texts: esES },
};

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` as a local calendar day (no time zone may move it), or null. */
export function dayToDate(day: string | null | undefined): Date | null {
  const match = typeof day === 'string' ? DAY.exec(day) : null;
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return isValid(date) ? date : null;
}

export function dateToDay(date: Date): string {
  return formatDate(date, 'yyyy-MM-dd');
}

/** Filter bars: as narrow as a short label ("Von", "Until") and a date allow, so a bar stays on one row. */
const COMPACT_SX = { width: 196, minWidth: 180, flex: '0 0 auto' } as const;
/** Forms: wide enough for a long label ("Ende des Berichtszeitraums") beside the calendar button. */
const FORM_SX = { minWidth: 280 } as const;

export interface LocalizedDatePickerProps {
  value: string | null;
  /** A complete day, or null when cleared; a date still being typed is not reported. */
  onChange: (day: string | null) => void;
  label: ReactNode;
  name?: string;
  compact?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  onBlur?: () => void;
  inputRef?: React.Ref<HTMLInputElement>;
  sx?: SxProps<Theme>;
}

/** A controlled date picker (for pages that keep dates outside a react-admin form, e.g. in the URL). */
export const LocalizedDatePicker = ({
  value,
  onChange,
  label,
  name,
  compact = false,
  disabled,
  error,
  helperText,
  onBlur,
  inputRef,
  sx,
}: LocalizedDatePickerProps) => {
  const translate = useTranslate();
  const [incomplete, setIncomplete] = useState(false);
  const showError = error || incomplete;
  const language = PICKER_LANGUAGES[useInterfaceLanguage()];
  return (
    <LocalizationProvider
      dateAdapter={AdapterDateFns}
      adapterLocale={language.dateFns}
      localeText={language.texts.components.MuiLocalizationProvider.defaultProps.localeText}
    >
      <DesktopDatePicker
        value={dayToDate(value)}
        onChange={(date) => {
          if (date === null) {
            setIncomplete(false);
            onChange(null);
          } else if (isValid(date)) {
            setIncomplete(false);
            onChange(dateToDay(date));
          } else {
            setIncomplete(true);
          }
        }}
        label={label}
        name={name}
        disabled={disabled}
        inputRef={inputRef}
        sx={[compact ? COMPACT_SX : FORM_SX, ...(Array.isArray(sx) ? sx : [sx])]}
        slotProps={{
          field: { clearable: true },
          textField: {
            // As react-admin's inputs and the other filters: filled, small, dense.
            variant: 'filled',
            size: 'small',
            margin: 'dense',
            error: showError,
            onBlur,
            helperText: incomplete ? translate('app.date.incomplete') : helperText,
          },
        }}
      />
    </LocalizationProvider>
  );
};

export type LocalizedDateInputProps = Omit<InputProps, 'label'> & {
  label?: ReactNode;
  compact?: boolean;
  sx?: SxProps<Theme>;
};

/** The react-admin input for a day: forms and list filters (`compact`). */
export const LocalizedDateInput = ({ compact, sx, label, helperText, ...props }: LocalizedDateInputProps) => {
  const { field, fieldState, isRequired } = useInput(props);
  const invalid = fieldState.invalid;
  return (
    <LocalizedDatePicker
      value={typeof field.value === 'string' ? field.value : null}
      onChange={(day) => field.onChange(day)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      name={field.name}
      compact={compact}
      disabled={props.disabled || props.readOnly}
      error={invalid}
      sx={sx}
      label={
        label === false || label === '' ? undefined : (
          <FieldTitle label={label} source={props.source} resource={props.resource} isRequired={isRequired} />
        )
      }
      helperText={
        helperText === false && !invalid ? undefined : (
          <InputHelperText error={fieldState.error?.message} helperText={helperText} />
        )
      }
    />
  );
};
