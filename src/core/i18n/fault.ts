/**
 * A fault as the domain reports it: a message key of `locales/<lang>.json` with the values its placeholders need,
 * never a sentence. Evaluation, validation, import rows and migrations return these; only the reader's edge (the HTTP
 * error handler, an import's stored row errors when read, a migration's answer) words them, once, in the reader's
 * language. They are plain JSON, so a worker thread can pass them and `import_errors` can store them.
 */
import type { Language, LocalizedText } from '../languages';
import { formatNumber } from '../number-format';
import { translate } from './translate';

/** A placeholder's value: a plain value, a nested fault, a text given in every language, or a figure to format. */
export type FaultParam = string | number | Fault | LocalizedParam | FigureParam;

/** A text given per language (a field's label), with what stands in when the language lacks it. */
export interface LocalizedParam {
  localized: Partial<LocalizedText>;
  fallback: string;
}

/** A number written in the reader's convention (`1.000,5` in German), as the client's forms write it. */
export interface FigureParam {
  figure: number;
}

export interface Fault {
  key: string;
  params?: Readonly<Record<string, FaultParam>>;
}

/** Text that is not in a catalogue (a list of column names, a checker's own words): passed through as it is. */
export interface RenderedText {
  rendered: string;
}

/** What a fault's text may be: a bare key, a key with params, or text already worded. */
export type FaultText = string | Fault | RenderedText;

export const rendered = (text: string): RenderedText => ({ rendered: text });

export const localizedParam = (localized: Partial<LocalizedText> | undefined, fallback: string): FaultParam =>
  localized ? { localized, fallback } : fallback;

/** `text` in `language`; nested faults are worded in the same language first. */
export function wordFault(text: FaultText, language: Language): string {
  if (typeof text === 'string') return translate(language, text);
  if ('rendered' in text) return text.rendered;
  const params: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(text.params ?? {})) params[name] = wordParam(value, language);
  return translate(language, text.key, params);
}

function wordParam(value: FaultParam, language: Language): string | number {
  if (typeof value !== 'object') return value;
  if ('figure' in value) return formatNumber(value.figure, language, { maximumFractionDigits: 10 });
  if ('localized' in value) return value.localized[language] || value.localized.de || value.fallback;
  return wordFault(value, language);
}

/** Each field's fault in `language`. */
export function wordFaults(faults: Readonly<Record<string, FaultText>>, language: Language): Record<string, string> {
  return Object.fromEntries(Object.entries(faults).map(([field, fault]) => [field, wordFault(fault, language)]));
}
