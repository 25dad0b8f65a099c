/**
 * A protocol entry as people read it — ONE renderer for the protocol screen (client, react-admin's
 * translate) and the CSV export (server, the same locales/<lang>.json messages): what happened to
 * what as a sentence, and the changed fields with their labels, values translated (statuses, roles,
 * yes/no, languages), dates in the reader's format, and user/database/mandant ids by the names the
 * server resolved for the reader (`entry.refs`, only what the reader may see). Bookkeeping fields
 * (version, updated_at, ids a name already stands for) are left out.
 */
import type { ProtocolEntryRecord, ProtocolFieldChange } from '../api';
import { formatDateTime, formatInstantWithOffset } from '../dates';
import { isLanguage, LANGUAGE_NAMES, type Language } from '../languages';
import { formatNumber } from '../number-format';

/** A message by its full key (`protocol.summary.created`), `%{name}` replaced; null if there is none. */
export type ProtocolTranslate = (key: string, params?: Record<string, unknown>) => string | null;

export interface ProtocolReader {
  language: Language;
  translate: ProtocolTranslate;
  /** Set for files (CSV): times in this zone with their offset. Unset on screen: the viewer's local time. */
  timeZone?: string;
}

export interface DescribedChange {
  field: string;
  label: string;
  /** null: the field had no value (shown as "empty"); both null for a secret. */
  old: string | null;
  new: string | null;
  redacted: boolean;
}

/** Noise nobody reads in a change list: written on every save, or a name already shown in place of its id. */
const HIDDEN_FIELDS = new Set([
  'id',
  'version',
  'created_at',
  'updated_at',
  'updated_by',
  'summary',
  'filter',
  'results',
]);

/** Where a field's values have their words: `<prefix>.<value>` (by resource, then for every resource). */
const VALUE_MESSAGES: Record<string, Record<string, string>> = {
  status: {
    calculations: 'calculations.status',
    orders: 'orders.status',
    imports: 'importer.status',
    templates: 'templateEditor.status',
    'machine-sets': 'machines.sets.status',
    databases: 'databases.status',
    migrations: 'migrations.status',
  },
  role: { '*': 'app.roles' },
  kind: { migrations: 'migrations.kind' },
  site_allocation_key: { 'machine-sets': 'machines.sets.allocation' },
};

/** Resources whose field labels live with their screen rather than under `resources.<name>.fields`. */
const FIELD_MESSAGES: Record<string, string[]> = {
  'machine-sets': ['machines.sets.fields'],
  machines: ['machines.fields', 'machines.figures'],
};

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** The kinds of record a protocol entry may mention by id; the server resolves them into `entry.refs`. */
export const REF_KINDS = ['users', 'databases', 'mandants', 'calculations', 'collections', 'machine_sets'] as const;
type RefKind = (typeof REF_KINDS)[number];

/**
 * Which kind of record a field of an entry about `resource` names by id, if any. A reader never sees the id itself:
 * a calculation by its number (K-2026-000007), everything else by its name.
 */
export function refKindOf(resource: string | null, field: string): RefKind | null {
  const name = field.split('.').pop()!;
  if (name === 'user_id' || /(^|_)by$/.test(name)) return 'users';
  if (/(^|_)database_id$/.test(name)) return 'databases';
  if (name === 'mandant_id') return 'mandants';
  if (name === 'calculation_id' || name === 'calculation_ids') return 'calculations';
  if (name === 'collection_id') return 'collections';
  if (name === 'set_id') return 'machine_sets';
  if (name === 'duplicated_from' || name === 'based_on_id') {
    if (resource === 'calculations') return 'calculations';
    if (resource === 'collections') return 'collections';
    if (resource === 'databases') return 'databases';
    if (resource === 'machine-sets') return 'machine_sets';
  }
  return null;
}

/** A factor database as people name it: "Demo-Faktoren 2024", the version only when the name lacks it. */
export function databaseLabel(name: string, versionLabel: string): string {
  return versionLabel && !name.includes(versionLabel) ? `${name} ${versionLabel}` : name;
}

/** Labels stored before databaseLabel existed repeat the version ("Demo factors 2024 2024"). */
function withoutRepeat(label: string): string {
  return label.replace(/(\S+) \1$/, '$1');
}

function message(reader: ProtocolReader, keys: string[], params: Record<string, unknown> = {}): string | null {
  for (const key of keys) {
    const text = reader.translate(key, params);
    if (text !== null) return text;
  }
  return null;
}

export function resourceName(reader: ProtocolReader, resource: string | null): string {
  if (!resource) return '';
  return reader.translate(`protocol.resources.${resource}`) ?? resource;
}

export function actionName(reader: ProtocolReader, action: string): string {
  return reader.translate(`protocol.actions.${action}`) ?? action;
}

/** The entry's action as a word; a migration's steps (preview, apply, discard, rollback) each have their own. */
export function entryActionName(
  reader: ProtocolReader,
  entry: Pick<ProtocolEntryRecord, 'action' | 'resource' | 'summary'>,
): string {
  const step = entry.summary.params?.step;
  const stepName =
    entry.resource === 'migrations' && typeof step === 'string'
      ? reader.translate(`protocol.migration_steps.${step}`)
      : null;
  return stepName ?? actionName(reader, entry.action);
}

export function fieldLabel(reader: ProtocolReader, resource: string | null, field: string): string {
  const base = field.replace(/\.\d+$/, '');
  return (
    message(reader, [
      ...(resource ? [`resources.${resource}.fields.${base}`] : []),
      ...(resource && Object.hasOwn(FIELD_MESSAGES, resource)
        ? FIELD_MESSAGES[resource]!.map((p) => `${p}.${base.split('.').pop() ?? base}`)
        : []),
      `protocol.field_labels.${base}`,
      `protocol.field_labels.${base.split('.').pop() ?? base}`,
    ]) ?? base.split('.').pop()!.replace(/_/g, ' ')
  );
}

/** A value of `field` in the reader's words. */
export function valueText(
  reader: ProtocolReader,
  entry: Pick<ProtocolEntryRecord, 'resource' | 'refs'>,
  field: string,
  value: unknown,
): string | null {
  if (value === null || value === undefined || value === '') return null;
  const name = field.split('.').pop()!;
  if (typeof value === 'boolean')
    return reader.translate(value ? 'protocol.boolean.true' : 'protocol.boolean.false') ?? String(value);
  const kind = refKindOf(entry.resource, field);
  if (kind && (typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value)))) {
    // A record the reader may not see, or one deleted since, is not named by its database id either.
    return entry.refs?.[kind]?.[String(value)] ?? reader.translate('protocol.ref_unknown') ?? '—';
  }
  if (typeof value === 'number') return formatNumber(value, reader.language, { maximumFractionDigits: 6 });
  if (typeof value === 'string') {
    const prefixes = VALUE_MESSAGES[name];
    const prefix = prefixes && (prefixes[entry.resource ?? ''] ?? prefixes['*']);
    if (prefix) return reader.translate(`${prefix}.${value}`) ?? value;
    if (name === 'language' && isLanguage(value)) return LANGUAGE_NAMES[value];
    if (ISO_INSTANT.test(value))
      return reader.timeZone
        ? formatInstantWithOffset(value, reader.language, reader.timeZone)
        : formatDateTime(value, reader.language);
    return value;
  }
  if (Array.isArray(value)) {
    const items = value.map((item) => valueText(reader, entry, field, item) ?? '');
    return items.length === 0 ? null : items.join(', ');
  }
  return JSON.stringify(value);
}

/** The changed fields as people read them, bookkeeping left out; `x_by` shows the `x_by_name` beside it. */
export function describeChanges(reader: ProtocolReader, entry: ProtocolEntryRecord): DescribedChange[] {
  const changes = entry.changes ?? {};
  const out: DescribedChange[] = [];
  for (const [field, change] of Object.entries(changes)) {
    if (HIDDEN_FIELDS.has(field)) continue;
    // A name stored beside its id is shown in place of the id.
    if (field.endsWith('_name') && changes[field.slice(0, -'_name'.length)]) continue;
    const label = fieldLabel(reader, entry.resource, field);
    if (change.redacted) {
      out.push({ field, label, old: null, new: null, redacted: true });
      continue;
    }
    const named = changes[`${field}_name`];
    const side = (which: keyof ProtocolFieldChange) =>
      named && typeof named[which] === 'string'
        ? (named[which] as string)
        : valueText(reader, entry, field, change[which]);
    out.push({ field, label, old: side('old'), new: side('new'), redacted: false });
  }
  return out;
}

/** The change list on one line (the CSV cell): `Status: Angewendet → Zurückgenommen; …`. */
export function changesLine(reader: ProtocolReader, entry: ProtocolEntryRecord): string {
  const empty = reader.translate('protocol.diff.empty') ?? '∅';
  const redacted = reader.translate('protocol.diff.redacted') ?? '***';
  return describeChanges(reader, entry)
    .map((c) => (c.redacted ? `${c.label}: ${redacted}` : `${c.label}: ${c.old ?? empty} → ${c.new ?? empty}`))
    .join('; ');
}

/** What a migration went to, for its sentence: stored since entries name it, else read from the label. */
function migrationTarget(entry: ProtocolEntryRecord): string {
  const target = entry.summary.params?.target;
  if (typeof target === 'string' && target !== '') return target;
  const label = withoutRepeat(entry.record_label ?? '');
  return label.includes('→') ? label.slice(label.lastIndexOf('→') + 1).trim() : label;
}

/** What happened to what, in one sentence in the reader's language. */
export function describeSummary(reader: ProtocolReader, entry: ProtocolEntryRecord): string {
  const resource = entry.resource ?? '';
  const stored = entry.summary.params ?? {};
  const status = entry.changes?.status;
  const from = stored.from ?? status?.old;
  const to = stored.to ?? status?.new;
  const isDatabaseLabel = resource === 'databases' || resource === 'migrations';
  const params: Record<string, unknown> = {
    ...stored,
    label: isDatabaseLabel ? withoutRepeat(entry.record_label ?? '') : (entry.record_label ?? ''),
    resource: resourceName(reader, entry.resource),
    email: entry.user_email ?? '',
    from: valueText(reader, entry, 'status', from) ?? '',
    to: valueText(reader, entry, 'status', to) ?? '',
  };
  for (const name of [
    'count',
    'excluded',
    'rows',
    'failed',
    'calculations_added',
    'calculations_removed',
    'imported',
  ]) {
    if (typeof stored[name] === 'number')
      params[name] = formatNumber(stored[name], reader.language, { maximumFractionDigits: 0 });
  }
  const key = entry.summary.key ?? entry.action;
  const keys: string[] = [];
  if (resource === 'migrations' && typeof stored.step === 'string') {
    params.target = migrationTarget(entry);
    if (typeof stored.excluded === 'number' && stored.excluded > 0)
      keys.push(`protocol.sentences.migrations.${stored.step}_excluded`);
    keys.push(`protocol.sentences.migrations.${stored.step}`);
  }
  if (resource === 'collections' && key === 'updated') {
    if (typeof stored.calculations_added === 'number') keys.push('protocol.sentences.collections.calculations_added');
    if (typeof stored.calculations_removed === 'number')
      keys.push('protocol.sentences.collections.calculations_removed');
  }
  if (resource === 'imports' && key === 'deleted') keys.push('protocol.sentences.imports.undone');
  if (resource === 'databases' && key === 'updated' && typeof stored.imported === 'number')
    keys.push('protocol.sentences.databases.factors_imported');
  if (key === 'duplicated' && typeof stored.source === 'string')
    keys.push(`protocol.sentences.${resource}.duplicated`, 'protocol.sentences.duplicated_from');
  keys.push(`protocol.sentences.${resource}.${key}`);
  if (key === 'status_changed' && params.from !== '' && params.to !== '')
    keys.push('protocol.sentences.status_changed');
  keys.push(`protocol.summary.${key}`);
  return (
    message(reader, keys, params) ??
    message(reader, ['protocol.summary.generic'], { ...params, action: actionName(reader, entry.action) }) ??
    key
  );
}
