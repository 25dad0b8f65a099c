/** Templates as the API serves them, and the template editor's versions (app-created next to the shipped files). */
import type { Static } from 'typebox';
import { TEMPLATE_TYPES, type Template } from '../template/types';
import { Localized, Nullable, Opaque, StringEnum, Type, UserRef } from './schema';

/** `file`: shipped in `schemas/templates/` (always published, read only); `app`: created by a provider admin. */
export const TEMPLATE_SOURCES = ['file', 'app'] as const;
export type TemplateSource = (typeof TEMPLATE_SOURCES)[number];
export const TEMPLATE_VERSION_STATUSES = ['draft', 'published'] as const;
export type TemplateVersionStatus = (typeof TEMPLATE_VERSION_STATUSES)[number];

/** A template as `GET /api/templates` answers it (read only; the file's current version). */
export const TemplateRecord = Type.Object({
  /** The template id, e.g. `brochure` (react-admin ids may be strings). */
  id: Type.String(),
  version: Type.Integer(),
  type: StringEnum(TEMPLATE_TYPES),
  /** In the requesting user's language. */
  label: Type.String(),
  labels: Localized(),
  description: Nullable(Type.String()),
  /** An MUI icon name, e.g. `MenuBook`. */
  icon: Type.String(),
  /** The full template JSON, from which the client generates forms, lists and the live preview. */
  definition: Opaque<Template>(),
});
export type TemplateRecord = Static<typeof TemplateRecord>;

/**
 * What `GET /api/templates` adds to each `TemplateRecord`: provider admins also see templates that
 * only have drafts (their newest version then is the draft); everyone else sees published versions only.
 */
export const TemplateEditorInfo = Type.Object({
  source: StringEnum(TEMPLATE_SOURCES),
  status: StringEnum(TEMPLATE_VERSION_STATUSES),
  /** Number of versions the server knows (provider admins: including drafts). */
  version_count: Type.Integer(),
  /** Calculations over every version (provider admins only; 0 for others). */
  usage: Type.Integer(),
});
export type TemplateEditorInfo = Static<typeof TemplateEditorInfo>;

/** A listed template: the record with what the template editor shows (only the record's own fields are required). */
export const ListedTemplateRecord = Type.Unsafe<TemplateRecord & TemplateEditorInfo>({
  ...TemplateRecord,
  properties: { ...TemplateRecord.properties, ...TemplateEditorInfo.properties },
});

/** One version, as `GET /api/templates/:id/versions` answers it (newest first). */
export const TemplateVersionRecord = Type.Object({
  /** `template_id@version`. */
  id: Type.String(),
  template_id: Type.String(),
  version: Type.Integer(),
  status: StringEnum(TEMPLATE_VERSION_STATUSES),
  source: StringEnum(TEMPLATE_SOURCES),
  /** In the requesting user's language. */
  label: Type.String(),
  created_by: UserRef(),
  created_at: Nullable(Type.String()),
  published_at: Nullable(Type.String()),
  /** Number of calculations that use this version. */
  usage: Type.Integer(),
  definition: Opaque<Template>(),
});
export type TemplateVersionRecord = Static<typeof TemplateVersionRecord>;

/**
 * `GET /api/template-load-errors` (provider admins): the template files the server did not load at startup, one entry
 * per fault, in the reader's language as far as the message catalogue knows it.
 */
export const TemplateLoadErrorRecord = Type.Object({
  /** The file name in the templates folder (or the folder, when it could not be read). */
  file: Type.String(),
  /** JSON pointer into the file; `''` for the whole file. */
  pointer: Type.String(),
  message: Type.String(),
});
export type TemplateLoadErrorRecord = Static<typeof TemplateLoadErrorRecord>;

/**
 * `POST /api/templates`: saves a new template or a new version of an app-created one. `definition`
 * is the template JSON (an object, or its text as imported from a file); its `version` is ignored:
 * the server assigns the next one. `mode: 'new'` insists on a new id (save as new template, import).
 * Faults answer 400 `{message, errors: {"/json/pointer": message}}`; an id of a shipped template 409.
 */
export const TemplateSaveRequest = Type.Object({
  definition: Type.Unknown(),
  status: Type.Optional(StringEnum(TEMPLATE_VERSION_STATUSES)),
  mode: Type.Optional(StringEnum(['new', 'version'])),
});
export type TemplateSaveRequest = Static<typeof TemplateSaveRequest>;

const TemplateId = () => Type.String({ maxLength: 200 });

/** Route params of `/api/templates/:id…`: a template id. */
export const TemplateIdParams = Type.Object({ id: TemplateId() });

/** Query of `GET /api/templates/:id`: a version other than the current one (a calculation's own). */
export const TemplateVersionQuery = Type.Object({ version: Type.Optional(Type.Integer({ minimum: 1 })) });

/** Route params of `/api/templates/:id/versions/:version…`. */
export const TemplateVersionParams = Type.Object({ id: TemplateId(), version: Type.Integer({ minimum: 1 }) });

/** `POST /api/templates/:id/versions/:version/copy`: the new template's id, and its status (default draft). */
export const TemplateCopyRequest = Type.Object({
  id: TemplateId(),
  status: Type.Optional(StringEnum(TEMPLATE_VERSION_STATUSES)),
});
