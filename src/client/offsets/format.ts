/**
 * Figures of the offset screens in the user's language: money from integer minor units (Intl
 * currency, the currency's own number of decimals) and quantities from integer kg as tonnes.
 */
import type { TranslateFunction } from 'react-admin';
import type { Language } from '../../core/languages';
import { minorToMajor } from '../../core/money';
import { formatFigure, formatMoney as formatMajorMoney } from '../../core/number-format';
import { formatInstantDay } from '../i18n/dates';

const LOCALES: Record<Language, string> = { de: 'de-DE', en: 'en-GB', fr: 'fr-FR', it: 'it-IT', es: 'es-ES' };

export function formatMoney(minor: number, currency: string, lang: Language): string {
  return formatMajorMoney(minorToMajor(minor, currency), currency, lang);
}

/** Offset prices are net: every price shown says so ("9,80 € zzgl. MwSt."), VAT is the invoice's business. */
export function exclVat(amount: string, translate: TranslateFunction): string {
  return translate('offsets.excl_vat', { amount });
}

/** Major units (as typed in a form) ↔ integer minor units: core's money rules. */
export { currencyDigits } from '../../core/money';

export function formatTonnes(kg: number, lang: Language): string {
  return `${formatFigure(kg / 1000, lang)} t`;
}

export function formatKg(kg: number, lang: Language): string {
  return `${formatFigure(kg, lang)} kg`;
}

export function formatDate(iso: string | null | undefined, lang: Language): string {
  return formatInstantDay(iso, LOCALES[lang]);
}

/** Country names: core's rule, shared with the order documents. */
export { countryName } from '../../core/offset-projects';
