/** A mandant's production data (core/production.ts): versioned machine sets and their machines. */
import type { Static } from 'typebox';
import {
  MACHINE_FIGURE_NAMES,
  MACHINE_KEY_PATTERN,
  MACHINE_KINDS,
  MACHINE_SET_STATUSES,
  SITE_ALLOCATION_KEYS,
  type SiteAllocationKey,
  type MachineFigureName,
} from '../production-names';
import { FigureYearInput } from './factors';
import {
  FigureSourceFields,
  MandantRecordHead,
  Nullable,
  OptionalFields,
  RecordId,
  StringEnum,
  Type,
  VersionedFields,
  VersionedSetFields,
  VersionedSetRef,
} from './schema';

/** One recorded figure of a machine. */
export const SourcedFigure = Type.Object({ value: Type.Number(), ...FigureSourceFields });
export type SourcedFigure = Static<typeof SourcedFigure>;
export type MachineFigures = Partial<Record<MachineFigureName, SourcedFigure>>;

/** The machine set a calculation was computed with. */
export const MachineSetRef = VersionedSetRef();
export type MachineSetRef = Static<typeof MachineSetRef>;

/**
 * How a market-based electricity figure was mixed (issue 33, item 3): the share covered by guarantees of origin at
 * the contract's factor, the rest at the residual mix. Stored as figures, not words: every reader gets them in their
 * own language (`productionSourceInWords`), as `overhead()` is told in words from the message catalogue.
 */
export const MarketMix = Type.Object({
  go_share: Type.Number(),
  contract_factor: Type.Number(),
  residual_factor: Type.Number(),
  residual_source: Type.String(),
});
export type MarketMix = Static<typeof MarketMix>;

/** A production figure a formula read, as the result cites it (and as a calculation's stored results keep it whole). */
export const ProductionUse = Type.Object({
  /** `machine:<key>:<figure>`, `energy:<figure>` or `site:<allocation key>`: unique within a calculation. */
  ref: Type.String(),
  /** The machine's key (machine figures only). */
  machine: Type.Optional(Type.String()),
  /** The machine's name, or the electricity supplier. */
  name: Type.String(),
  figure: Type.String(),
  value: Type.Number(),
  unit: Type.String(),
  source: Type.String(),
  year: Nullable(Type.Integer()),
  region: Type.Optional(Nullable(Type.String())),
  /** Market-based electricity mixed from guarantees of origin and the residual mix: its figures, worded for the reader. */
  market: Type.Optional(MarketMix),
});
export type ProductionUse = Static<typeof ProductionUse>;

/** `GET /api/machine-sets`: one version of a mandant's production data. */
export const MachineSetRecord = Type.Object({
  ...MandantRecordHead,
  ...VersionedSetFields(MACHINE_SET_STATUSES),
  /** The set this one was copied from (its machines were copied on creation), or null. */
  based_on_id: Nullable(Type.Integer()),
  /** The set the mandant's new calculations use: at most one per mandant, always a published one. */
  current: Type.Boolean(),
  /** Energy contract: kg CO2e per kWh of the electricity bought, or null when not recorded. */
  electricity_factor: Nullable(Type.Number()),
  electricity_supplier: Type.String(),
  electricity_source: Type.String(),
  electricity_year: Nullable(Type.Integer()),
  electricity_region: Nullable(Type.String()),
  /** Share (0–1) of the electricity covered by guarantees of origin; null: not recorded (the contract factor stands alone). */
  electricity_go_share: Nullable(Type.Number()),
  /** kg CO2e per kWh of the residual mix, for the share no guarantee of origin covers (market-based). */
  electricity_residual_factor: Nullable(Type.Number()),
  electricity_residual_source: Type.String(),
  /** kg CO2e per kWh of the region's grid mix (location-based), as the factor database states it. */
  electricity_location_factor: Nullable(Type.Number()),
  electricity_location_source: Type.String(),
  /** The mandant's annual site footprint in kg CO2e (heating, lighting, compressed air, IT), or null. */
  site_kg_co2e: Nullable(Type.Number()),
  /** What the site footprint is allocated to jobs by. */
  site_allocation_key: Nullable(StringEnum(SITE_ALLOCATION_KEYS)),
  /** The year's total of the allocation key (machine hours, sheets or kg). */
  site_annual_amount: Nullable(Type.Number()),
  site_source: Type.String(),
  site_year: Nullable(Type.Integer()),
  published_at: Nullable(Type.String()),
  ...VersionedFields,
});
export type MachineSetRecord = Static<typeof MachineSetRecord>;

/** `GET /api/machines`: one machine of a machine set. */
export const MachineRecord = Type.Object({
  ...MandantRecordHead,
  set_id: Type.Integer(),
  /** Stable name within its set; what a calculation's machine field stores. */
  key: Type.String(),
  kind: StringEnum(MACHINE_KINDS),
  name: Type.String(),
  figures: Type.Unsafe<MachineFigures>(
    Type.Object(Object.fromEntries(MACHINE_FIGURE_NAMES.map((name) => [name, Type.Optional(SourcedFigure)]))),
  ),
  ...VersionedFields,
});
export type MachineRecord = Static<typeof MachineRecord>;

const text = (maxLength: number, minLength = 0) => Type.String({ minLength, maxLength });

// In the order Ajv reports their errors.
const machineSetFields = {
  name: text(200, 1),
  version_label: text(100, 1),
  status: Type.Optional(StringEnum(MACHINE_SET_STATUSES)),
  based_on_id: Type.Optional(Nullable(RecordId())),
  current: Type.Optional(Type.Boolean()),
  // kg CO2e per kWh: from 0 (a certified renewable contract) to well above any coal grid.
  electricity_factor: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 10 }))),
  electricity_supplier: Type.Optional(text(200)),
  electricity_source: Type.Optional(text(2000)),
  electricity_year: Type.Optional(FigureYearInput()),
  electricity_region: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  electricity_go_share: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 1 }))),
  electricity_residual_factor: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 10 }))),
  electricity_residual_source: Type.Optional(text(2000)),
  electricity_location_factor: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 10 }))),
  electricity_location_source: Type.Optional(text(2000)),
  // A site's year: from nothing to a large plant's 100,000 t.
  site_kg_co2e: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 1e8 }))),
  // Null is one of the choices (an enum must list it, as Nullable only widens the type).
  site_allocation_key: Type.Optional(
    Type.Unsafe<SiteAllocationKey | null>({ type: ['string', 'null'], enum: [...SITE_ALLOCATION_KEYS, null] }),
  ),
  site_annual_amount: Type.Optional(Nullable(Type.Number({ exclusiveMinimum: 0, maximum: 1e12 }))),
  site_source: Type.Optional(text(2000)),
  site_year: Type.Optional(FigureYearInput()),
};

/** `POST /api/machine-sets`: a draft, empty or a new version `based_on_id` an earlier set (its machines copied). */
export const CreateMachineSetRequest = Type.Object(machineSetFields);
export type CreateMachineSetRequest = Static<typeof CreateMachineSetRequest>;

/** `PUT /api/machine-sets/:id`: a draft's fields, or the status (publish, archive) and `current` of any set. */
export const UpdateMachineSetRequest = Type.Object(OptionalFields(machineSetFields));
export type UpdateMachineSetRequest = Static<typeof UpdateMachineSetRequest>;

const FigureInput = Type.Object(
  { value: Type.Number({ minimum: 0, maximum: 1e9 }), source: text(2000), year: Type.Optional(FigureYearInput()) },
  { additionalProperties: false },
);
/** A figure sent as null is removed. */
type MachineFiguresInput = Partial<Record<MachineFigureName, Static<typeof FigureInput> | null>>;

const machineFields = {
  set_id: RecordId(),
  key: Type.String({ pattern: MACHINE_KEY_PATTERN.source }),
  kind: StringEnum(MACHINE_KINDS),
  name: text(200, 1),
  figures: Type.Optional(
    Type.Unsafe<MachineFiguresInput>(
      Type.Object(
        Object.fromEntries(
          MACHINE_FIGURE_NAMES.map((name) => [
            name,
            Type.Optional(Type.Unsafe({ anyOf: [FigureInput, { type: 'null' }] })),
          ]),
        ),
        {
          additionalProperties: false,
        },
      ),
    ),
  ),
};

/** `POST /api/machines`: a machine of a draft set. */
export const CreateMachineRequest = Type.Object(machineFields);
export type CreateMachineRequest = Static<typeof CreateMachineRequest>;

/** `PUT /api/machines/:id`: a machine of a draft set (it stays in its set). */
export const UpdateMachineRequest = Type.Object(OptionalFields(machineFields));
export type UpdateMachineRequest = Static<typeof UpdateMachineRequest>;
