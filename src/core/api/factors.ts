/** Emission-factor databases (named, versioned sets of factors) and their factors. */
import type { Static } from 'typebox';
import { DATA_TYPES, DECLARATION_KINDS, TECHNOLOGIES, type DeclarationKind } from '../data-quality-names';
import { LANGUAGES } from '../languages';
import {
  FigureSourceFields,
  Localized,
  LocalizedInput,
  Nullable,
  RecordId,
  StringEnum,
  Type,
  VersionedFields,
  VersionedSetFields,
} from './schema';

export const FACTOR_DATABASE_STATUSES = ['draft', 'published', 'archived'] as const;
export type FactorDatabaseStatus = (typeof FACTOR_DATABASE_STATUSES)[number];
/** A database's lifecycle steps, each `POST /api/databases/:id/<action>`. */
export const FACTOR_DATABASE_ACTIONS = ['publish', 'archive', 'roll-out'] as const;
export type FactorDatabaseAction = (typeof FACTOR_DATABASE_ACTIONS)[number];

/** An emission-factor database (a named, versioned set of factors). */
export const FactorDatabaseRecord = Type.Object({
  id: Type.Integer(),
  /** null: a global database (maintained by the provider), visible to every mandant. */
  mandant_id: Nullable(Type.Integer()),
  ...VersionedSetFields(FACTOR_DATABASE_STATUSES),
  /** ISO date (YYYY-MM-DD) from which it is meant to be used, or null. */
  valid_from: Nullable(Type.String()),
  source: Type.String(),
  /** The database this one was derived from, or null. */
  based_on_id: Nullable(Type.Integer()),
  /** Demo values, not for reporting. */
  demo: Type.Boolean(),
  /** The GWP set its CO2e figures use, e.g. "IPCC AR6 GWP100"; '' not stated. Reports print it. */
  gwp_set: Type.String(),
  /** When the provider admin rolled it out to all mandants, or null; see core/factor-database-default.ts. */
  rolled_out_at: Nullable(Type.String()),
  ...VersionedFields,
});
export type FactorDatabaseRecord = Static<typeof FactorDatabaseRecord>;

const databaseFields = {
  name: Type.String({ minLength: 1, maxLength: 200 }),
  version_label: Type.String({ minLength: 1, maxLength: 50 }),
  valid_from: Type.Optional(Nullable(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }))),
  source: Type.Optional(Type.String({ maxLength: 1000 })),
  gwp_set: Type.Optional(Type.String({ maxLength: 100 })),
};

/** `POST /api/databases`: a draft, empty or a copy of `copy_from_id` (mandant admins must derive from a published one). */
export const CreateFactorDatabaseRequest = Type.Object(
  {
    ...databaseFields,
    copy_from_id: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
    /** Provider admins: the mandant the database belongs to (null: global). */
    mandant_id: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
  },
  { additionalProperties: false },
);

/** `PUT /api/databases/:id`: react-admin sends the whole record, so fields that are not editable are accepted and ignored. */
export const UpdateFactorDatabaseRequest = Type.Object(
  {
    name: Type.Optional(databaseFields.name),
    version_label: Type.Optional(databaseFields.version_label),
    valid_from: databaseFields.valid_from,
    source: databaseFields.source,
    gwp_set: databaseFields.gwp_set,
    /** false clears the demo marker ("(Demowerte)") of a database copied from a demo one, and of its factors. */
    demo: Type.Optional(Type.Boolean()),
    version: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: true },
);

/** A mill's declaration kind or null (not declared); `Nullable` keeps an enum without null, so null is listed. */
const DeclarationKindOrNull = () =>
  Type.Unsafe<DeclarationKind | null>({ type: ['string', 'null'], enum: [...DECLARATION_KINDS, null] });

/** One emission factor of a database. */
export const FactorRecord = Type.Object({
  id: Type.Integer(),
  database_id: Type.Integer(),
  key: Type.String(),
  category: Type.String(),
  /** The unit the factor is per, e.g. `kWh`, `kg`, `t·km`. */
  unit: Type.String(),
  /** kg CO2e per unit. */
  value: Type.Number(),
  label: Localized(),
  ...FigureSourceFields,
  region: Nullable(Type.String()),
  demo: Type.Boolean(),
  /** Primary (measured by the mandant or its supplier) or secondary (database, publication); core/data-quality.ts. */
  data_type: StringEnum(DATA_TYPES),
  /** How closely the figure's technology matches the process: specific, average or proxy. */
  technology: StringEnum(TECHNOLOGIES),
  /** The mill's declaration (Paper Profile, EPD, CEPI) the figure is taken from, or null: not declared by a mill. */
  declaration_kind: DeclarationKindOrNull(),
  /** kg biogenic CO2 per unit as the mill declares it: reported apart, never added to `value` (fossil). */
  biogenic_co2: Nullable(Type.Number()),
  /** Whether the declared figure includes delivery to the printer; null: not stated. */
  delivery_included: Nullable(Type.Boolean()),
});
export type FactorRecord = Static<typeof FactorRecord>;

/** What a factor key may be (API body, factor CSV, the factor dialog): it is looked up by templates and formulas. */
export const FACTOR_KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,100}$/;
/**
 * What a factor category may be (API body, factor CSV, the factor dialog): the names a template's factor field can
 * refer to (`category` in schemas/template.schema.json). Names such as `constructor` still match, so whatever
 * indexes by category must be a Map or a null-prototype object.
 */
export const FACTOR_CATEGORY_PATTERN = /^[a-z][a-z0-9_]{0,99}$/;
/** The years a factor's figure may refer to. */
export const FACTOR_YEARS = { min: 1900, max: 2200 } as const;
/** The year a figure a client sends refers to, or null. */
export const FigureYearInput = () => Nullable(Type.Integer({ minimum: FACTOR_YEARS.min, maximum: FACTOR_YEARS.max }));

const factorFields = {
  database_id: RecordId(),
  key: Type.String({ pattern: FACTOR_KEY_PATTERN.source }),
  category: Type.String({ pattern: FACTOR_CATEGORY_PATTERN.source }),
  unit: Type.String({ minLength: 1, maxLength: 50 }),
  value: Type.Number(),
};
const optionalFactorFields = {
  label: Type.Optional(
    Type.Object(Object.fromEntries(LANGUAGES.map((lang) => [lang, Type.Optional(Type.String({ maxLength: 300 }))])), {
      additionalProperties: false,
    }),
  ),
  source: Type.Optional(Type.String({ maxLength: 1000 })),
  year: Type.Optional(FigureYearInput()),
  region: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
  data_type: Type.Optional(StringEnum(DATA_TYPES)),
  technology: Type.Optional(StringEnum(TECHNOLOGIES)),
  /** Checked beyond the schema (server/factors/factor-input.ts): biogenic ≥ 0, both only with a declaration. */
  declaration_kind: Type.Optional(DeclarationKindOrNull()),
  biogenic_co2: Type.Optional(Nullable(Type.Number())),
  delivery_included: Type.Optional(Nullable(Type.Boolean())),
};

/** `POST /api/factors`: a factor for a draft database; missing label languages take the first text given, else the key. */
export const CreateFactorRequest = Type.Object(
  { ...factorFields, ...optionalFactorFields },
  { additionalProperties: false },
);

/** `PUT /api/factors/:id`: react-admin sends the whole record (id, demo …), so unknown properties are ignored. */
export const UpdateFactorRequest = Type.Object(
  {
    database_id: Type.Optional(factorFields.database_id),
    key: Type.Optional(factorFields.key),
    category: Type.Optional(factorFields.category),
    unit: Type.Optional(factorFields.unit),
    value: Type.Optional(factorFields.value),
    ...optionalFactorFields,
  },
  { additionalProperties: true },
);
export type UpdateFactorRequest = Static<typeof UpdateFactorRequest>;

/** `POST /api/databases/:id/import`: the factor CSV (key, category, unit, value, source, year, region, labels). */
export const FactorImportRequest = Type.Object({ csv: Type.String({ minLength: 1 }) }, { additionalProperties: false });

/** `POST /api/databases/:id/import` answer: the factors written (inserted or replaced by key). */
export const FactorImportReport = Type.Object({ inserted: Type.Integer(), updated: Type.Integer() });
export type FactorImportReport = Static<typeof FactorImportReport>;

export const FactorDiffChange = Type.Object({
  key: Type.String(),
  category: Type.String(),
  unit: Type.String(),
  old: Type.Number(),
  new: Type.Number(),
  /** (new − old) / old × 100; null when old is 0. */
  percent: Nullable(Type.Number()),
  /**
   * Every attribute that changed (value, unit, source, year, region, category, data type, technology), old and new:
   * nothing changes unseen.
   */
  attributes: Type.Array(
    Type.Object({
      name: StringEnum(['value', 'unit', 'source', 'year', 'region', 'category', 'data_type', 'technology'] as const),
      old: Type.Unsafe<string | number | null>({ type: ['string', 'number', 'null'] }),
      new: Type.Unsafe<string | number | null>({ type: ['string', 'number', 'null'] }),
    }),
  ),
});
export type FactorDiffChange = Static<typeof FactorDiffChange>;

/** `GET /api/databases/:id/diff?against=:other`: what changed from `against` (old) to `id` (new). */
export const FactorDatabaseDiff = Type.Object({
  from: FactorDatabaseRecord,
  to: FactorDatabaseRecord,
  added: Type.Array(FactorRecord),
  removed: Type.Array(FactorRecord),
  changed: Type.Array(FactorDiffChange),
});
export type FactorDatabaseDiff = Static<typeof FactorDatabaseDiff>;

/**
 * `GET /api/factor-categories`: one category (its key, as templates name it) of the databases the caller may see, or
 * one an admin named before adding its first factor.
 */
export const FactorCategoryRecord = Type.Object({
  key: Type.String(),
  /** Distinct factor keys in the category, over those databases. */
  factor_count: Type.Integer(),
  /** Those keys: the template editor checks a formula's `factor('…')` against them while the admin types. */
  factor_keys: Type.Array(Type.String()),
  /**
   * The name an admin gave the category (the caller's mandant's own, else the provider's); null: none, and the
   * screens fall back on the built-in names of the message catalogue (`databases.categories.*`), then the key.
   */
  label: Nullable(Localized()),
});
export type FactorCategoryRecord = Static<typeof FactorCategoryRecord>;

/** `PUT /api/factor-categories/:key` path: a category key as templates and factors name it. */
export const FactorCategoryParams = Type.Object({ key: Type.String({ pattern: FACTOR_CATEGORY_PATTERN.source }) });

/**
 * `PUT /api/factor-categories/:key`: the category's name in every language. A provider admin names it for every
 * mandant, a mandant admin for their own mandant (over the provider's name).
 */
export const NameFactorCategoryRequest = Type.Object(
  { label: LocalizedInput({ minLength: 1, maxLength: 100, pattern: '\\S' }) },
  { additionalProperties: false },
);
export type NameFactorCategoryRequest = Static<typeof NameFactorCategoryRequest>;
