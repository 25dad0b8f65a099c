import type { Language } from '../languages';
import { localize } from '../rules/messages';
import type { Field } from './types';

/** A chosen option as the reader sees it: its label in their language; a value the field does not offer reads as itself. */
export function optionLabel(field: Pick<Field, 'options'>, value: unknown, lang: Language): string {
  const option = field.options?.find((candidate) => candidate.value === value);
  return option ? localize(option.label, lang, option.value) : String(value);
}
