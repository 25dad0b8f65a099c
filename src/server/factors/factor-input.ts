/** The columns of one factor, from an API body or a CSV row, checked alike. */
import type { DataType, DeclarationKind, Technology } from '../../core/data-quality';
import type { ErrorKey } from '../../core/i18n/error-keys';
import { LANGUAGES, type LocalizedText } from '../../core/languages';

export interface FactorInput {
  key: string;
  category: string;
  /** The unit the factor is per, e.g. `kWh`, `kg`, `t·km`. */
  unit: string;
  /** kg CO2e per unit. */
  value: number;
  label: LocalizedText;
  source: string;
  year: number | null;
  region: string | null;
  /** Absent: the column's default (secondary, average) on insert, unchanged on update. */
  data_type?: DataType;
  technology?: Technology;
  /** Absent: null on insert, unchanged on update. */
  declaration_kind?: DeclarationKind | null;
  biogenic_co2?: number | null;
  delivery_included?: boolean | null;
}

/**
 * What the schema cannot say about a mill's declaration: biogenic CO2 is a non-negative amount, and biogenic CO2 and
 * delivery describe a declaration, so they need its kind. Checked on the merged factor; each fault names its field.
 */
export function declarationProblems(input: FactorInput): Record<string, ErrorKey> {
  const errors: Record<string, ErrorKey> = {};
  const biogenic = input.biogenic_co2 ?? null;
  if (biogenic !== null && !(Number.isFinite(biogenic) && biogenic >= 0))
    errors.biogenic_co2 = 'errors.factors.biogenicNegative';
  if (!input.declaration_kind) {
    if (biogenic !== null && !errors.biogenic_co2) errors.biogenic_co2 = 'errors.factors.declarationMissing';
    if ((input.delivery_included ?? null) !== null) errors.delivery_included = 'errors.factors.declarationMissing';
  }
  return errors;
}

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
    ...(input.data_type !== undefined && { data_type: input.data_type }),
    ...(input.technology !== undefined && { technology: input.technology }),
    ...(input.declaration_kind !== undefined && { declaration_kind: input.declaration_kind }),
    ...(input.biogenic_co2 !== undefined && { biogenic_co2: input.biogenic_co2 }),
    ...(input.delivery_included !== undefined && { delivery_included: input.delivery_included }),
  };
}
