/**
 * What a change touches (issue #34): before a provider admin saves or publishes a template version, or an admin
 * changes a factor, a category or a whole factor database, the screens ask the server which calculations, templates
 * and databases the change affects. Counts cover the calculations the caller may see (the mandant scope); links are
 * client routes the screens open.
 */
import type { Static } from 'typebox';
import { Nullable, RecordId, Type } from './schema';

/** One affected thing with how many calculations it holds, and where the screen shows it. */
export const ImpactEntry = Type.Object({
  /** A template id, a database id as text, or a field's name (`group.field` for an item field). */
  key: Type.String(),
  /** In the reader's language. */
  label: Type.String(),
  /** Calculations concerned; null where no calculation is counted (a template that names a factor). */
  count: Nullable(Type.Integer({ minimum: 0 })),
  /** A client route, e.g. `/calculations?filter=…` or `/templates/brochure`; null where there is nothing to open. */
  link: Nullable(Type.String()),
});
export type ImpactEntry = Static<typeof ImpactEntry>;

/** A field of the saved version the new one drops or renames, with the calculations holding a value for it. */
export const ImpactField = Type.Object({
  ...ImpactEntry.properties,
  change: Type.Unsafe<'removed' | 'renamed'>(Type.String()),
  /** The new name of a renamed field (a migration carries the values over). */
  to: Nullable(Type.String()),
});
export type ImpactField = Static<typeof ImpactField>;

/** A select option the new version drops, with the calculations that chose it. */
export const ImpactOption = Type.Object({
  ...ImpactEntry.properties,
  field: Type.String(),
  field_label: Type.String(),
});
export type ImpactOption = Static<typeof ImpactOption>;

export const ChangeImpact = Type.Object({
  /** Calculations the change concerns (each counted once). */
  calculations: Type.Integer({ minimum: 0 }),
  /** Those calculations by template. */
  by_template: Type.Array(ImpactEntry),
  /** Those calculations by factor database. */
  by_database: Type.Array(ImpactEntry),
  /** Templates the change reaches (a factor they name, a category their factor fields offer). */
  templates: Type.Array(ImpactEntry),
  /** Databases the change reaches (the one changed, the published version it replaces, copies derived from it). */
  databases: Type.Array(ImpactEntry),
  fields: Type.Array(ImpactField),
  options: Type.Array(ImpactOption),
});
export type ChangeImpact = Static<typeof ChangeImpact>;

/**
 * `POST /api/templates/impact` (provider admins): a version about to be saved (`definition`, compared with the
 * template's newest version) or published (`version`, compared with the version before it).
 */
export const TemplateImpactRequest = Type.Object({
  template_id: Type.String({ minLength: 1, maxLength: 200 }),
  definition: Type.Optional(Type.Unknown()),
  version: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type TemplateImpactRequest = Static<typeof TemplateImpactRequest>;

/**
 * `POST /api/databases/:id/impact` (whoever may change the database): without `factor_id` the database itself
 * (publish, roll-out); with it, a change of that factor (value, key, category or removal: each reaches the
 * calculations that use the factor and the templates that offer or name it).
 */
export const FactorImpactRequest = Type.Object({ factor_id: Type.Optional(RecordId()) });
export type FactorImpactRequest = Static<typeof FactorImpactRequest>;
