/** Calculations: a template's inputs with the results the server computed from a factor database. */
import type { Static } from 'typebox';
import { TEMPLATE_TYPES, type CalculationInputs } from '../template/types';
import { MachineSetRef, ProductionUse } from './machines';
import {
  ChannelFields,
  Localized,
  MandantRecordHead,
  Nullable,
  Opaque,
  OptionalFields,
  RecordId,
  StringEnum,
  StringMap,
  TagsInput,
  Type,
  UserRef,
  VersionedFields,
  VersionedSetRef,
} from './schema';

export const CALCULATION_STATUSES = ['draft', 'final'] as const;
export type CalculationStatus = (typeof CALCULATION_STATUSES)[number];

/**
 * A factor a result read, as its factor database gave it (the engine's `FactorInfo`, core/template/types). Optional
 * where a result may lack it: year and region (rows stored before issue 21 read them as unknown), data quality (the
 * full rows written before compact storage, answered as stored) and the mill's declaration (declared factors only).
 * The serializer writes what the record holds: nothing is left out, nothing filled in.
 */
export const FactorUse = Type.Object({
  key: Type.String(),
  /** kg CO2e per unit. */
  value: Type.Number(),
  unit: Type.String(),
  source: Type.String(),
  label: Type.Optional(Localized()),
  /** The year the figure refers to (absent or null: not recorded). */
  year: Type.Optional(Nullable(Type.Integer())),
  /** Where the figure applies, e.g. `DE`, `EU` (absent or null: not recorded). */
  region: Type.Optional(Nullable(Type.String())),
  /** `primary` or `secondary` (core/data-quality.ts); absent: secondary. */
  data_type: Type.Optional(Type.String()),
  /** `specific`, `average` or `proxy` (core/data-quality.ts); absent: average. */
  technology: Type.Optional(Type.String()),
  /** The mill's declaration the figure is taken from (core/data-quality.ts DeclarationKind); absent or null: none. */
  declaration_kind: Type.Optional(Nullable(Type.String())),
  /** kg biogenic CO2 per unit, reported apart from `value`, never added to it. */
  biogenic_co2: Type.Optional(Nullable(Type.Number())),
  /** Whether the declared figure includes delivery to the printer; absent or null: not stated. */
  delivery_included: Type.Optional(Nullable(Type.Boolean())),
});
export type FactorUse = Static<typeof FactorUse>;

/** One result of a calculation with what it read: its value, unit, formula and the factors and figures behind it. */
export const ResultBreakdown = Type.Object({
  name: Type.String(),
  label: Localized(),
  unit: Type.String(),
  formula: Type.String(),
  value: Type.Number(),
  /** Factors this result's own formula read. */
  factors: Type.Array(FactorUse),
  /** Results this result's formula uses (their factors are in their own entries). */
  uses: Type.Array(Type.String()),
  primary: Type.Boolean(),
  /** Machine and energy figures this result's own formula read (present only when it read any). */
  production: Type.Optional(Type.Array(ProductionUse)),
});
export type ResultBreakdown = Static<typeof ResultBreakdown>;

/** The factor database a calculation's figures were computed with. */
const DatabaseRef = VersionedSetRef();

/**
 * What the server computed and stored for a calculation: every figure traces to its factors. Listed property by
 * property, so the OpenAPI document, the response serializer and the client read one shape. Every stored form answers
 * it whole (core/formula/stored-results.ts): the compact rows rebuilt, the full rows written before them as stored;
 * the serializer writes the listed properties in this order, whatever order a row (or PostgreSQL's jsonb) kept.
 */
export const CalculationResults = Type.Object({
  /** Result name → value in the result's unit. */
  values: StringMap(Type.Number()),
  /** Name of the primary result (its value is `total_co2e`). */
  primary: Type.String(),
  /** One entry per result, in the template's order. */
  breakdown: Type.Array(ResultBreakdown),
  /** Every factor used, once. */
  factors: Type.Array(FactorUse),
  /** The factor database the figures were computed with. */
  database: DatabaseRef,
  /** Machine and energy figures of the mandant's machine set the results read (absent: none). */
  production: Type.Optional(Type.Array(ProductionUse)),
  /** The machine set those figures come from (absent: the results read none). */
  machine_set: Type.Optional(MachineSetRef),
});
export type CalculationResults = Static<typeof CalculationResults>;

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
  results: CalculationResults,
  /** The primary result in kg CO2e. */
  total_co2e: Type.Number(),
  created_by: UserRef(),
  updated_by: UserRef(),
  ...VersionedFields,
  duplicated_from: Nullable(Type.Integer()),
  import_id: Nullable(Type.Integer()),
  /** Frozen by an order: inputs and results no longer change. */
  frozen: Type.Boolean(),
  ...ChannelFields,
  /** The order that froze it (a frozen calculation's own record only; list rows leave it out). */
  locked_by: Type.Optional(Type.Object({ id: Type.Integer(), number: Type.String() })),
});
export type CalculationRecord = Static<typeof CalculationRecord>;

/**
 * The results of a list row: always the values the list columns name and which one is the total; the rest (breakdown,
 * factors, database, production figures) only in an answer without `range`, which carries whole records (below).
 * One schema for both, each property exact: the serializer writes what the row holds and leaves nothing out.
 */
const { values: listedValues, primary: listedPrimary, ...wholeRecordOnly } = CalculationResults.properties;
const CalculationListResults = Type.Object({
  values: listedValues,
  primary: listedPrimary,
  ...OptionalFields(wholeRecordOnly),
});

/**
 * A row of a `GET /api/calculations` page: the record without what only the calculation's own page reads. `inputs`
 * and `results.values` hold the fields and results a list may show as columns (those the templates of the calculation's
 * type name in `list.columns`), `results.primary` names the total; the breakdown, factors and production figures come with `GET /api/calculations/:id`
 * (and with any request without `range`, such as react-admin's getMany, whose answers fill its getOne cache).
 */
export const CalculationListRecord = Type.Object({
  ...CalculationRecord.properties,
  inputs: StoredInputs,
  results: CalculationListResults,
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
  tags: Type.Optional(TagsInput()),
  status: Type.Optional(StringEnum(CALCULATION_STATUSES)),
  inputs: Type.Optional(Opaque<CalculationInputs>()),
  duplicated_from: optionalId(),
  /** Provider admins only: the mandant the calculation belongs to. */
  mandant_id: optionalId(),
});
/** PUT adds `version` (rest-resource.ts adds it to every update body). */
export type CalculationWrite = Static<typeof CalculationWrite> & { version?: number };
