/**
 * Numbers as people type and read them in the five languages: `1.234,5` (de, it, es),
 * `1,234.5` (en), `1 234,5` (fr). Parsing is strict: anything that is not clearly a number
 * in the user's language (or plain `1234.5`) is rejected rather than guessed.
 */
import type { Language } from './languages';

/** The Intl locale each interface language formats with. */
export const INTL_LOCALES: Record<Language, string> = {
  de: 'de-DE',
  en: 'en-GB',
  fr: 'fr-FR',
  it: 'it-IT',
  es: 'es-ES',
};

// Spaces people (and Intl for fr) use between digit groups: space, no-break space, narrow no-break space.
const SPACE_GROUP = '[ \\u00a0\\u202f]';

const COMMA_DECIMAL = [
  new RegExp(`^\\d{1,3}(?:\\.\\d{3})+(?:,\\d+)?$`),
  new RegExp(`^\\d{1,3}(?:${SPACE_GROUP}\\d{3})+(?:,\\d+)?$`),
  /^\d+(?:,\d+)?$/,
];
const POINT_DECIMAL = [/^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/, new RegExp(`^\\d{1,3}(?:${SPACE_GROUP}\\d{3})+(?:\\.\\d+)?$`)];
const PLAIN = /^\d+(?:\.\d+)?$/;

const GROUPING: Record<Language, { patterns: RegExp[]; decimal: ',' | '.' }> = {
  de: { patterns: COMMA_DECIMAL, decimal: ',' },
  it: { patterns: COMMA_DECIMAL, decimal: ',' },
  es: { patterns: COMMA_DECIMAL, decimal: ',' },
  fr: { patterns: [COMMA_DECIMAL[1], COMMA_DECIMAL[2]], decimal: ',' },
  en: { patterns: POINT_DECIMAL, decimal: '.' },
};

/**
 * Parses a number typed in `lang`'s format; `null` for empty or malformed text.
 * Grouped forms win over the plain form, so in German `1.234` is 1234 while `1.5` (not a
 * valid grouping) is read as the plain 1.5.
 */
export function parseLocaleNumber(text: string, lang: Language): number | null {
  if (typeof text !== 'string') return null;
  let body = text.trim();
  let sign = 1;
  if (/^[-−+]/.test(body)) {
    sign = body[0] === '+' ? 1 : -1;
    body = body.slice(1);
  }
  if (body === '') return null;
  const { patterns, decimal } = GROUPING[lang] ?? GROUPING.de;
  let normalized: string | undefined;
  if (patterns.some((pattern) => pattern.test(body))) {
    const [integerPart, fraction] = body.split(decimal);
    normalized = integerPart.replace(/[^\d]/g, '') + (fraction !== undefined ? `.${fraction}` : '');
  } else if (PLAIN.test(body)) {
    normalized = body;
  }
  if (normalized === undefined) return null;
  const value = sign * Number(normalized);
  return Number.isFinite(value) ? value : null;
}

export interface FormatNumberOptions {
  minimumFractionDigits?: number;
  maximumFractionDigits?: number;
  /** Show digit grouping (default true). */
  grouping?: boolean;
}

const formatters = new Map<string, Intl.NumberFormat>();

/** Formats for display in `lang`; defaults to at most 2 decimals. */
export function formatNumber(value: number, lang: Language, options: FormatNumberOptions = {}): string {
  if (!Number.isFinite(value)) return '–';
  const maximumFractionDigits = options.maximumFractionDigits ?? Math.max(2, options.minimumFractionDigits ?? 0);
  const minimumFractionDigits = Math.min(options.minimumFractionDigits ?? 0, maximumFractionDigits);
  const key = `${lang}|${minimumFractionDigits}|${maximumFractionDigits}|${options.grouping !== false}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(INTL_LOCALES[lang] ?? INTL_LOCALES.de, {
      minimumFractionDigits,
      maximumFractionDigits,
      useGrouping: options.grouping !== false,
    });
    formatters.set(key, formatter);
  }
  return formatter.format(value);
}

/** A count (rows, calculations) in `lang`: whole, grouped (`1.200` in German). */
export function formatCount(value: number, lang: Language): string {
  return formatNumber(value, lang, { maximumFractionDigits: 0 });
}

/*
 * Kontor's one rounding rule for every computed figure a person reads — kg CO2e, per-piece values, energy, areas — on
 * screen, in PDFs and in CSVs alike, so that a figure reads the same wherever it appears (issue #35): three
 * significant digits below 100 (72,1 · 0,0072), whole numbers from 100 on (473 · 12.346), digits grouped. Values
 * people typed or looked up (inputs, emission factors) keep their own precision; money keeps its currency's decimals.
 */

/** Decimals the figure rule shows for `value`: whole from 100 on, otherwise as many as three significant digits need. */
export function figureDecimals(value: number): number {
  const magnitude = Math.abs(value);
  if (!Number.isFinite(magnitude) || magnitude >= 100 || magnitude === 0) return 0;
  return Math.max(0, 2 - Math.floor(Math.log10(magnitude)));
}

/** `value` rounded by the figure rule (for CSV cells and comparisons: the number a reader sees). */
export function roundFigure(value: number): number {
  if (!Number.isFinite(value)) return value;
  if (Math.abs(value) >= 100) return Math.round(value);
  if (value === 0) return 0;
  return Number(value.toPrecision(3));
}

/** A computed figure for display in `lang` by the figure rule; `signed` writes a plus for gains ("+1,5"). */
export function formatFigure(value: number, lang: Language, options: { signed?: boolean } = {}): string {
  if (!Number.isFinite(value)) return '–';
  const rounded = roundFigure(value);
  const text = formatNumber(rounded, lang, { maximumFractionDigits: figureDecimals(value) });
  return options.signed && rounded > 0 ? `+${text}` : text;
}

/*
 * Headline figures — a report's total and its per-functional-unit figure on page 1, and the bounds of an uncertainty
 * range — are rounded to significant figures (issue 33, item 5): ±10 % or more of uncertainty makes a fourth digit
 * noise, so "288.292 kg" reads "288 kg" and "12,346 kg" reads "12,300 kg". The exact value stays in the data and in
 * the detail figures, which keep the figure rule above.
 */

/** Significant digits of a headline figure. */
export const HEADLINE_DIGITS = 3;
/** Significant digits of an uncertainty range's bounds: the range is itself an estimate. */
export const RANGE_DIGITS = 2;

/** `value` rounded to `digits` significant figures (0 and non-finite values unchanged). */
export function roundSignificant(value: number, digits: number = HEADLINE_DIGITS): number {
  if (!Number.isFinite(value) || value === 0) return value;
  return Number(value.toPrecision(Math.max(1, Math.min(21, Math.floor(digits)))));
}

/** A headline figure in `lang`, rounded to `digits` significant figures and grouped: "12.300", "0,00721". */
export function formatSignificant(value: number, lang: Language, digits: number = HEADLINE_DIGITS): string {
  if (!Number.isFinite(value)) return '–';
  const rounded = roundSignificant(value, digits);
  const magnitude = Math.abs(rounded);
  const decimals = magnitude === 0 ? 0 : Math.max(0, digits - 1 - Math.floor(Math.log10(magnitude)));
  return formatNumber(rounded, lang, { maximumFractionDigits: Math.min(20, decimals) });
}

/**
 * A share (0.142 = 14 %) as a percentage in `lang`'s style: "14 %" (de, fr, es), "14%" (en, it); whole unless
 * `digits` allows decimals (0.625 with 1: "62,5 %").
 */
export function formatPercent(share: number, lang: Language, digits = 0): string {
  if (!Number.isFinite(share)) return '–';
  return new Intl.NumberFormat(INTL_LOCALES[lang] ?? INTL_LOCALES.de, {
    style: 'percent',
    maximumFractionDigits: digits,
  }).format(share);
}

/** An amount of money in major units (9.8 €) with its currency's decimals, in `lang`: "9,80 €". */
export function formatMoney(major: number, currency: string, lang: Language): string {
  try {
    return new Intl.NumberFormat(INTL_LOCALES[lang] ?? INTL_LOCALES.de, { style: 'currency', currency }).format(major);
  } catch {
    return `${formatNumber(major, lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`;
  }
}
