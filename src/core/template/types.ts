/**
 * The template model: the boundary shared by server (validation, calculation, import) and
 * client (generated forms, lists, live preview). A template is data, read from
 * `schemas/templates/<id>.json` and checked against `schemas/template.schema.json`.
 */
import { FIELD_TYPES } from '../field-types/names.generated';
import type { LocalizedText } from '../languages';
import type { MachineKind } from '../production';
import type { CheckerText } from './checker-messages';
import type { PrintStage } from './stages';

export type { CheckerText } from './checker-messages';

/**
 * The field types, one for each file of src/core/field-types, listed there by `npm run schemas:meta` (a list written
 * from the files, not read from the registry: every type's file reads `Field`, so that would be an import circle).
 */
export { FIELD_TYPES };
export type FieldType = (typeof FIELD_TYPES)[number];

export const TEMPLATE_TYPES = ['product', 'company'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];

/** Plain data attached to a select option, readable in formulas as `option('field').key`. */
export type OptionData = Record<string, number | string | boolean>;

export interface FieldOption {
  value: string;
  label: LocalizedText;
  data?: OptionData;
  /**
   * Data key → where that number comes from. A number of `data` that a formula reads (`option('field').key`) is a
   * figure the result rests on like a factor, so it must name its source; text, yes/no and unread data need none.
   */
  dataSources?: Record<string, string>;
  /**
   * The factor this option stands for: `factor(field)` of a select field whose options each name one reads the chosen
   * option's factor, so a template needs no `if(field == 'a', factor('…'), factor('…'))` chain.
   */
  factor?: string;
}

/** The value a single field holds in a calculation's inputs. */
export type FieldValue = string | number | boolean | string[];

export interface Field {
  /** Unique within the template (fields of different repeatable groups may share a name). */
  name: string;
  /** Names the field had in earlier versions (a rename in the form editor): a migration carries a value from them. */
  formerNames?: string[];
  type: FieldType;
  label: LocalizedText;
  help?: LocalizedText;
  placeholder?: LocalizedText;
  /** Display unit, e.g. `g/m²`, `kWh`, `pcs`. */
  unit?: string;
  /** Named rules such as `required`, `min:1`, `between:60,400`, `pattern:^[A-Z]+$`. */
  rules?: string[];
  default?: FieldValue;
  /** For `select` and `multiselect`. */
  options?: FieldOption[];
  /** For `factor` fields: the factor category the user picks from (e.g. `paper`, `transport`). */
  category?: string;
  /** For `machine` fields: which of the mandant's machines the user picks from; formulas read them with `machine(field, 'figure')`. */
  machineKind?: MachineKind;
  /**
   * A formula expression; the field is shown (and may be sent) only when it is true.
   * Restricted to comparisons of fields of the same level combined with `&&`, `||`, `!`,
   * so that it compiles exactly to JSON Schema.
   */
  visibleIf?: string;
  /**
   * A field that deliberately feeds no result (job title, customer, a note): the form says so, and the field-effect
   * test accepts that changing it changes nothing.
   */
  informational?: boolean;
}

export interface Group {
  /** Unique within the template; for a repeatable group also the key of its array in the inputs. */
  id: string;
  label: LocalizedText;
  help?: LocalizedText;
  /** A group the user can add n times; its inputs are an array of objects. */
  repeatable?: boolean;
  /** What one item of a repeatable group is called ("Etappe" of "Transport"): numbered item headings and the add button
   * name an item, not the whole group ("Etappe 2", "Etappe hinzufügen"). The group's label when absent. */
  itemLabel?: LocalizedText;
  /** Minimum / maximum number of items of a repeatable group. */
  min?: number;
  max?: number;
  /** Collapsed by default in the form. */
  collapsed?: boolean;
  fields: Field[];
}

export interface Result {
  name: string;
  label: LocalizedText;
  help?: LocalizedText;
  unit: string;
  formula: string;
  /** Exactly one result is primary: the calculation's total in kg CO2e. */
  primary?: boolean;
}

export interface TemplateList {
  /** Field or result names shown as columns. */
  columns: string[];
  /** Field names offered as list filters. */
  filters?: string[];
}

export interface TemplateImport {
  /** CSV column name → field name (e.g. `"Auflage": "quantity"`). */
  aliases: Record<string, string>;
}

/** A stage of the life cycle inside the system boundary, with the results that account for it. */
export interface IncludedStage {
  stage: PrintStage;
  /** The template's own name for the stage (e.g. "Materials (film, metal parts)"); the catalogue's name otherwise. */
  label?: LocalizedText;
  included: true;
  /** Result names; a result belongs to at most one stage. */
  results: string[];
}

/** A stage the template leaves out, with the reason a reader of the calculation is given. */
export interface ExcludedStage {
  stage: PrintStage;
  label?: LocalizedText;
  included: false;
  reason: LocalizedText;
}

/** What a calculation of this template states about its method, as ISO 16759 asks of a study. */
export interface TemplateMethod {
  /** What one calculation's total refers to, e.g. "5,000 flyers delivered to the customer". */
  functionalUnit: LocalizedText;
  /** Where the calculation starts and ends (cradle to customer's gate, …). */
  systemBoundary: LocalizedText;
  stages: (IncludedStage | ExcludedStage)[];
}

/**
 * A number a formula needs that is not a factor (a part's fixed mass, a yield): named, with its unit and where it comes
 * from, so formulas read `clip_mass_g` instead of a bare `1.5` and the provenance says what the number is.
 */
export interface TemplateConstant {
  name: string;
  label: LocalizedText;
  value: number;
  unit?: string;
  source: string;
}

export interface Template {
  id: string;
  version: number;
  type: TemplateType;
  /** An MUI icon name, e.g. `MenuBook`. */
  icon: string;
  label: LocalizedText;
  description?: LocalizedText;
  groups: Group[];
  results: Result[];
  /** Named numbers formulas read by name; they share the names of top-level fields, groups and results. */
  constants?: TemplateConstant[];
  list: TemplateList;
  import?: TemplateImport;
  /** The method statement (functional unit, system boundary, life-cycle stages); print templates carry one. */
  method?: TemplateMethod;
}

/**
 * A calculation's inputs: top-level fields by name, and every repeatable group as an array of
 * objects keyed by its fields' names (e.g. `{ quantity: 5000, transport: [{ mode: 'truck', distance_km: 120 }] }`).
 */
export type CalculationInputs = Record<string, unknown>;

/** One fault in one template file; formats as `brochure.json: /results/2/formula: unknown function 'facter'`. */
export interface TemplateLoadError extends CheckerText {
  fileName: string;
  /** JSON pointer into the file (`''` for the whole document). */
  pointer: string;
}

export function formatTemplateLoadError(error: TemplateLoadError): string {
  return `${error.fileName}: ${error.pointer || '/'}: ${error.message}`;
}

/** A factor as a factor database provides it to a calculation. */
export interface FactorInfo {
  key: string;
  /** kg CO2e per unit. */
  value: number;
  unit: string;
  source: string;
  label?: LocalizedText;
  /** The year the figure refers to (absent or null: not recorded). */
  year?: number | null;
  /** Where the figure applies, e.g. `DE`, `EU` (absent or null: not recorded). */
  region?: string | null;
  /** `primary` or `secondary` (core/data-quality.ts); absent: secondary. */
  data_type?: string;
  /** `specific`, `average` or `proxy` (core/data-quality.ts); absent: average. */
  technology?: string;
  /** The mill's declaration the figure is taken from (core/data-quality.ts DeclarationKind); absent or null: none. */
  declaration_kind?: string | null;
  /** kg biogenic CO2 per unit, reported apart from `value`, never added to it. */
  biogenic_co2?: number | null;
  /** Whether the declared figure includes delivery to the printer; absent or null: not stated. */
  delivery_included?: boolean | null;
}

export type FactorLookup = (key: string) => FactorInfo | undefined;

/** What the loader may know about the factor catalogue: which keys exist in which category. */
export interface FactorCatalog {
  /** category → factor keys */
  categories: Record<string, string[]>;
}
