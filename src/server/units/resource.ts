/**
 * The `units` resource: the global unit catalogue (no mandant column). Everybody signed in reads it, provider admins
 * keep it (`core/access/policy.ts`); every write records its protocol entry through the REST plumbing. A unit a
 * template version uses keeps its key and cannot be deleted, nor can a built-in unit: the template would then name a
 * unit the checker no longer knows.
 */
import { CreateUnitRequest, UnitRecord, UpdateUnitRequest } from '../../core/api';
import type { Template } from '../../core/template';
import { msg } from '../../core/i18n/error-keys';
import { conflict } from '../refusals';
import type { RestResourceDefinition } from '../http/rest-resource';
import { sameText } from '../../core/languages';
import { recordOfRow } from '../db/values';
import { changedColumns, columnValues } from '../http/column-values';

/** A unit whose stored label is unreadable is labelled by its key. */
export const toUnitRecord = recordOfRow(UnitRecord, { label: (row) => sameText(String(row.key)) });

const JSON_COLUMNS = new Set(['label', 'singular']);

/** A text's languages trimmed (null and absent stay as they are). */
function trimmed<T extends Record<string, string> | null | undefined>(text: T): T {
  if (!text) return text;
  return Object.fromEntries(Object.entries(text).map(([lang, value]) => [lang, value.trim()])) as T;
}

const columnsOf = (body: UpdateUnitRequest) =>
  columnValues(
    { ...body, label: trimmed(body.label), singular: trimmed(body.singular) },
    Object.keys(UpdateUnitRequest.properties),
    JSON_COLUMNS,
  );

function templateUnits(template: Template): Set<string> {
  const units = new Set<string>();
  for (const group of template.groups) for (const field of group.fields) if (field.unit) units.add(field.unit);
  for (const result of template.results) units.add(result.unit);
  return units;
}

/**
 * What a unit asks of the template registry: the templates that word it. Declared here, not imported, because the
 * registry loads the unit catalogue: the arrow runs from templates to units only.
 */
interface TemplateRegistry {
  refresh(): Promise<void>;
  ids(): readonly string[];
  versions(id: string): readonly { template: Template }[];
}

/** Ids of the templates (any version, drafts included) that name the unit. */
async function templatesUsing(registry: TemplateRegistry, key: string): Promise<string[]> {
  await registry.refresh();
  return registry.ids().filter((id) => registry.versions(id).some((entry) => templateUnits(entry.template).has(key)));
}

/** A built-in unit, or one a template version names, keeps its key and stays. */
async function refuseDelete(registry: TemplateRegistry, existing: UnitRecord): Promise<void> {
  if (existing.builtin) throw conflict('errors.units.builtinNoDelete');
  const using = await templatesUsing(registry, existing.key);
  if (using.length > 0) throw conflict(msg('errors.units.inUse', { templates: using.join(', ') }));
}

async function refuseRename(registry: TemplateRegistry, existing: UnitRecord): Promise<void> {
  if (existing.builtin) throw conflict('errors.units.builtinKeyFixed');
  const using = await templatesUsing(registry, existing.key);
  if (using.length > 0) throw conflict(msg('errors.units.inUseKey', { templates: using.join(', ') }));
}

export function unitsResource(
  registry: TemplateRegistry,
): RestResourceDefinition<UnitRecord, typeof CreateUnitRequest, typeof UpdateUnitRequest> {
  return {
    name: 'units',
    table: 'units',
    tenantColumn: null,
    unlisted: ['version'],
    searchable: ['key'],
    access: 'units',
    toRecord: toUnitRecord,
    recordSchema: UnitRecord,
    createSchema: CreateUnitRequest,
    updateSchema: UpdateUnitRequest,
    async beforeCreate(body) {
      return { singular: null, builtin: false, ...columnsOf(body) };
    },
    async beforeUpdate(body, existing) {
      const values = changedColumns(columnsOf(body), existing, JSON_COLUMNS);
      if (values.key !== undefined) await refuseRename(registry, existing);
      return values;
    },
    async beforeDelete(existing) {
      await refuseDelete(registry, existing);
    },
    protocol: (change) => ({ label: change.record.key }),
  };
}
