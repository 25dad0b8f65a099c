/** Calculations: a template's inputs with the results the server computed from a factor database. */
import type { Static } from 'typebox';
import type { FactorUse, ResultBreakdown } from '../formula/compute';
import type { MachineSetRef, ProductionUse } from '../production';
import { TEMPLATE_TYPES, type CalculationInputs } from '../template/types';
import {
  MandantRecordHead,
  Nullable,
  Opaque,
  RecordId,
  StringEnum,
  StringMap,
  Type,
  UserRef,
  VersionedFields,
} from './schema';

export const CALCULATION_STATUSES = ['draft', 'final'] as const;
export type CalculationStatus = (typeof CALCULATION_STATUSES)[number];

/** What the server computed and stored for a calculation: every figure traces to its factors. */
export interface CalculationResults {
  /** Result name → value in the result's unit. */
  values: Record<string, number>;
  /** Name of the primary result (its value is `total_co2e`). */
  primary: string;
  /** One entry per result, in the template's order. */
  breakdown: ResultBreakdown[];
  /** Every factor used, once. */
  factors: FactorUse[];
  /** The factor database the figures were computed with. */
  database: { id: number; name: string; version_label: string };
  /** Machine and energy figures of the mandant's machine set the results read (absent: none). */
  production?: ProductionUse[];
  /** The machine set those figures come from (absent: the results read none). */
  machine_set?: MachineSetRef;
}

/** The value of one field (template/types `FieldValue`), or null for a field left empty. */
const InputValue = () =>
  Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null(), Type.Array(Type.String())]);

/**
 * A calculation's inputs as they are stored and answered: keyed by the template's field names, a field's value, or for
 * a repeatable group (keyed by its id) the group's items, each keyed by the group's field names. A map, since the keys
 * are the template's; the values are what the template validator (core/rules/validate.ts) admits.
 */
export const StoredInputs = StringMap(
  Type.Union([
    Type.String(),
    Type.Number(),
    Type.Boolean(),
    Type.Null(),
    Type.Array(Type.String()),
    Type.Array(StringMap(InputValue())),
  ]),
);
export type StoredInputs = Static<typeof StoredInputs>;

/** A calculation as the API returns it. */
export const CalculationRecord = Type.Object({
  ...MandantRecordHead,
  /** Human-readable, unique per mandant: `K-<year>-<6 digits>`, e.g. `K-2026-000123`. */
  number: Type.String(),
  template_id: Type.String(),
  template_version: Type.Integer(),
  template_type: StringEnum(TEMPLATE_TYPES),
  database_id: Type.Integer(),
  /** The machine set (the mandant's production data) the results read, or null when they read none. */
  machine_set_id: Nullable(Type.Integer()),
  title: Type.String(),
  customer: Nullable(Type.String()),
  tags: Type.Array(Type.String()),
  status: StringEnum(CALCULATION_STATUSES),
  inputs: StoredInputs,
  results: Opaque<CalculationResults>(),
  /** The primary result in kg CO2e. */
  total_co2e: Type.Number(),
  created_by: UserRef(),
  updated_by: UserRef(),
  ...VersionedFields,
  duplicated_from: Nullable(Type.Integer()),
  import_id: Nullable(Type.Integer()),
  /** Frozen by an order: inputs and results no longer change. */
  frozen: Type.Boolean(),
  /** The channel it came through: `storefront:<id>` for a shop's order (issue 39), null for the back office. */
  channel: Nullable(Type.String()),
  /** The shop's own order reference, where a channel names a shop. */
  channel_reference: Nullable(Type.String()),
  /**
   * The storefront's name, for a shop's record: everybody who reads the record may read where it came from, editors
   * and viewers too, who may not read the storefronts themselves. Null for the back office.
   */
  channel_name: Type.Optional(Nullable(Type.String())),
  /** The order that froze it (a frozen calculation's own record only; list rows leave it out). */
  locked_by: Type.Optional(Type.Object({ id: Type.Integer(), number: Type.String() })),
});
export type CalculationRecord = Static<typeof CalculationRecord>;

/** What a list row shows of the results: the values of the results list columns name, and which one is the total. */
export type CalculationResultValues = Pick<CalculationResults, 'values' | 'primary'>;

/**
 * A row of a `GET /api/calculations` page: the record without what only the calculation's own page reads. `inputs`
 * and `results.values` hold the fields and results a list may show as columns (those the templates of the calculation's
 * type name in `list.columns`), `results.primary` names the total; the breakdown, factors and production figures come with `GET /api/calculations/:id`
 * (and with any request without `range`, such as react-admin's getMany, whose answers fill its getOne cache).
 */
export const CalculationListRecord = Type.Object({
  ...CalculationRecord.properties,
  inputs: StoredInputs,
  results: Opaque<CalculationResultValues>(),
});
export type CalculationListRecord = Static<typeof CalculationListRecord>;

// null is accepted as "not given" for the optional ids: forms send emptied optional inputs as null.
const optionalId = () => Type.Optional(Nullable(RecordId()));

/**
 * Body of `POST /api/calculations` (and of PUT, which adds `version`, the optimistic-locking counter). Every property
 * is optional here: the server answers a missing template (or, for a duplicate, takes the original's). `results` and
 * `total_co2e` are not part of it: the server computes them. `title` and `tags` are taken from `inputs` when the
 * template has such fields. A duplicate is a POST with `duplicated_from` set to the original's id.
 */
export const CalculationWrite = Type.Object({
  template_id: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  /** Must be a version the server still knows (else 400). Default: the current one. */
  template_version: optionalId(),
  /** Default: the mandant's default database (settings.default_database_id). */
  database_id: optionalId(),
  title: Type.Optional(Type.String({ maxLength: 500 })),
  customer: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  tags: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 50 })),
  status: Type.Optional(StringEnum(CALCULATION_STATUSES)),
  inputs: Type.Optional(Opaque<CalculationInputs>()),
  duplicated_from: optionalId(),
  /** Provider admins only: the mandant the calculation belongs to. */
  mandant_id: optionalId(),
});
/** PUT adds `version` (rest-resource.ts adds it to every update body). */
export type CalculationWrite = Static<typeof CalculationWrite> & { version?: number };
