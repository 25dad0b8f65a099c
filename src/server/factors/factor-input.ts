/** The columns of one factor, from an API body or a CSV row, checked alike. */
import type { DataType, Technology } from '../../core/data-quality';
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
  };
}
