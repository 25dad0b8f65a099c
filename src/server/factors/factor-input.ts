/** The columns of one factor, from an API body or a CSV row, checked alike. */
import { FACTOR_CATEGORY_PATTERN, FACTOR_KEY_PATTERN, FACTOR_YEARS } from '../../core/api';
import { LANGUAGES, type LocalizedText } from '../../core/languages';
import { idSchema } from '../http/record-id';

export interface FactorInput {
  key: string;
  category: string;
  unit: string;
  value: number;
  label: LocalizedText;
  source: string;
  year: number | null;
  region: string | null;
}


const labelSchema = {
  type: 'object',
  properties: Object.fromEntries(LANGUAGES.map((lang) => [lang, { type: 'string', maxLength: 300 }])),
  additionalProperties: false,
} as const;

export const factorBodyProperties = {
  database_id: idSchema,
  key: { type: 'string', pattern: FACTOR_KEY_PATTERN.source },
  category: { type: 'string', pattern: FACTOR_CATEGORY_PATTERN.source },
  unit: { type: 'string', minLength: 1, maxLength: 50 },
  value: { type: 'number' },
  label: labelSchema,
  source: { type: 'string', maxLength: 1000 },
  year: { type: ['integer', 'null'], minimum: FACTOR_YEARS.min, maximum: FACTOR_YEARS.max },
  region: { type: ['string', 'null'], maxLength: 50 },
} as const;

/** Every language filled: missing ones take the first given text, else the key. */
export function completeLabel(label: Partial<Record<string, string>> | undefined, key: string): LocalizedText {
  const given = LANGUAGES.map((lang) => label?.[lang]?.trim()).find((text) => text);
  return Object.fromEntries(LANGUAGES.map((lang) => [lang, label?.[lang]?.trim() || given || key])) as LocalizedText;
}

/** The row to store for a factor (label as JSON text). */
export function factorColumns(input: FactorInput) {
  return {
    key: input.key,
    category: input.category,
    unit: input.unit,
    value: input.value,
    label: JSON.stringify(input.label),
    source: input.source,
    year: input.year,
    region: input.region,
  };
}
