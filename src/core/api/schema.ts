/**
 * The few schema builders TypeBox lacks in the form the routes have always validated with. Ajv's answers (the 400
 * texts a form shows) and the response serialisation depend on the exact JSON schema, so a string choice stays an
 * `enum` and a nullable scalar stays `type: [x, 'null']` rather than TypeBox's `anyOf` forms.
 */
import type { Static, TOptional, TSchema } from 'typebox';
import {
  Array as TArray,
  Boolean as TBoolean,
  Integer,
  Null,
  Number as TNumber,
  Object as TObject,
  Optional,
  String as TString,
  Union,
  Unknown,
  Unsafe,
} from 'typebox/type';
import { LANGUAGES, type LocalizedText } from '../languages';

/**
 * TypeBox's builders the API modules use, imported one by one: `typebox`'s `Type` namespace brings its whole engine
 * (about 75 kB minified) into the client bundle, these few about 8 kB. (`Partial` and the other actions run the type
 * engine, which is most of those 75 kB: spell optional properties out with `Optional` instead.)
 */
export const Type = {
  Array: TArray,
  Boolean: TBoolean,
  Integer,
  Null,
  Number: TNumber,
  Object: TObject,
  Optional,
  String: TString,
  Union,
  Unknown,
  Unsafe,
};

/**
 * Record ids and other integer columns are 32-bit `integer` on PostgreSQL: a larger value in a URL, body or filter
 * would be a database error there (a 500), so every schema stops at MAX_INT32 and answers 400 or 404 instead.
 */
export const MAX_INT32 = 2_147_483_647;

/** A record id a client sends (a positive 32-bit integer). */
export const RecordId = () => Type.Integer({ minimum: 1, maximum: MAX_INT32 });

/** One of a fixed list of strings, as `{type: 'string', enum}`. */
export function StringEnum<const T extends readonly string[]>(values: T, options: Record<string, unknown> = {}) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

/**
 * A scalar schema that also admits null, as `type: [x, 'null']` with the schema's other keywords kept. An `enum` must
 * list null too, or the enum alone would still refuse it.
 */
export function Nullable<S extends TSchema>(schema: S) {
  const { type, ...rest } = schema as unknown as { type: string; enum?: unknown[] };
  const values = rest.enum ? { enum: [...rest.enum, null] } : {};
  return Type.Unsafe<Static<S> | null>({ ...rest, ...values, type: [type, 'null'] });
}

/** An object whose shape another declaration defines (a template, the inputs a client sends): passed through whole. */
export function Opaque<T>() {
  return Type.Unsafe<T>({ type: 'object', additionalProperties: true });
}

/** A text in every language (`{de, en, …}`). */
export function Localized() {
  return Type.Unsafe<LocalizedText>({ type: 'object', additionalProperties: { type: 'string' } });
}

/** A text a client sends in every language (`{de, en, …}`, all required, no others), each within `text`'s limits. */
export function LocalizedInput(text: { minLength?: number; maxLength: number; pattern?: string }) {
  return Type.Unsafe<LocalizedText>(
    Type.Object(Object.fromEntries(LANGUAGES.map((lang) => [lang, Type.String(text)])), {
      additionalProperties: false,
    }),
  );
}

/** Every property of `fields` optional (an update body): TypeBox's `Partial` would bring its type engine along. */
export function OptionalFields<P extends Record<string, TSchema>>(fields: P): { [K in keyof P]: TOptional<P[K]> } {
  return Object.fromEntries(Object.entries(fields).map(([key, schema]) => [key, Type.Optional(schema)])) as {
    [K in keyof P]: TOptional<P[K]>;
  };
}

/** When a record was created and last changed (ISO 8601). */
export const Timestamps = {
  created_at: Type.String(),
  updated_at: Type.String(),
};

/** The bookkeeping of a record the REST engine versions (server/http/rest-resource.ts `versioned`). */
export const VersionedFields = {
  ...Timestamps,
  /** Optimistic-locking counter: a PUT with a stale version answers 409. */
  version: Type.Integer(),
};

/** The head of a record that belongs to one mandant (tenant-scope.ts confines its queries by `mandant_id`). */
export const MandantRecordHead = {
  id: Type.Integer(),
  mandant_id: Type.Integer(),
};

/** A user a record names (its author, who applied or invited it): null for system work, or once the user is deleted. */
export const UserRef = () => Nullable(Type.Integer());

/**
 * The head of a named, versioned set (a factor database, a machine set): `version_label` is the human label
 * (e.g. `2025`), distinct from `version`, the optimistic-locking counter.
 */
export function VersionedSetFields<const Statuses extends readonly string[]>(statuses: Statuses) {
  return { name: Type.String(), version_label: Type.String(), status: StringEnum(statuses) };
}

/** How a calculation's results name the versioned set (factor database, machine set) their figures were computed with. */
export const VersionedSetRef = () =>
  Type.Object({ id: Type.Integer(), name: Type.String(), version_label: Type.String() });

/** Where a calculation or an order came from (issue 39): a shop's storefront, or the back office. */
export const ChannelFields = {
  /** The channel it came through: `storefront:<id>` for a shop's order (issue 39), null for the back office. */
  channel: Nullable(Type.String()),
  /** The shop's own order reference, where a channel names a shop. */
  channel_reference: Nullable(Type.String()),
  /**
   * The storefront's name, for a shop's record: everybody who reads the record may read where it came from, editors
   * and viewers too, who may not read the storefronts themselves. Null for the back office.
   */
  channel_name: Type.Optional(Nullable(Type.String())),
};

/** The tags a client gives a record (a calculation, a collection). */
export const TagsInput = () => Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 50 });

/** A colour as `#rrggbb` (a mandant's primary colour, a storefront's). */
export const HexColour = () => Type.String({ pattern: '^#[0-9a-fA-F]{6}$' });

/** Where a recorded figure comes from: a number is only as good as its source. */
export const FigureSourceFields = {
  source: Type.String(),
  /** The year the figure refers to (measurement, data sheet, publication). */
  year: Nullable(Type.Integer()),
};

/** A 204 answer: no body, so the route's `reply.send()` takes none. */
export const NoContent = Type.Unsafe<void>({ type: 'null' });

/** An object with any keys whose values all follow `values` (e.g. a column mapping `{header: field | null}`). */
export function StringMap<S extends TSchema>(values: S) {
  return Type.Unsafe<Record<string, Static<S>>>({ type: 'object', additionalProperties: values });
}
