/** A mandant's production data (core/production.ts): versioned machine sets and their machines. */
import type { Static } from 'typebox';
import {
  MACHINE_FIGURE_NAMES,
  MACHINE_KEY_PATTERN,
  MACHINE_KINDS,
  MACHINE_SET_STATUSES,
  type MachineFigureName,
  type MachineKind,
  type MachineSetStatus,
} from '../production';
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
} from './schema';

/** One recorded figure of a machine. */
export const SourcedFigure = Type.Object({ value: Type.Number(), ...FigureSourceFields });
export type SourcedFigure = Static<typeof SourcedFigure>;
export type MachineFigures = Partial<Record<MachineFigureName, SourcedFigure>>;

/** `GET /api/machine-sets`: one version of a mandant's production data. */
export const MachineSetRecord = Type.Object({
  ...MandantRecordHead,
  ...VersionedSetFields<MachineSetStatus>(),
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
  kind: Type.Unsafe<MachineKind>(Type.String()),
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
