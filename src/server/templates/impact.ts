/**
 * What a new template version touches (issue #34): every calculation of the template (each will be offered the new
 * version through a migration), and of those the ones holding a value of a field the version drops or renames, or
 * a select option it drops. Fields are matched by name, or by a former name (`formerNames`, a rename in the editor).
 */
import type { Kysely } from 'kysely';
import type { ChangeImpact, ImpactField, ImpactOption, SessionUser } from '../../core/api';
import type { Language } from '../../core/languages';
import { localize } from '../../core/rules';
import type { CalculationInputs, Field, Template } from '../../core/template';
import type { DatabaseSchema } from '../db/schema';
import type { CalculationUsage } from './calculation-usage';
import { calculationsLink, countEntries, databaseEntries } from './impact-entries';

type Level = { group: string | undefined; fields: readonly Field[] };

function levels(template: Template): Level[] {
  const top = template.groups.filter((group) => !group.repeatable).flatMap((group) => group.fields);
  return [
    { group: undefined, fields: top },
    ...template.groups.filter((group) => group.repeatable).map((group) => ({ group: group.id, fields: group.fields })),
  ];
}

const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** The values a calculation holds for a field: one at the top level, one per item of a repeatable group. */
function valuesOf(inputs: CalculationInputs, group: string | undefined, name: string): unknown[] {
  const own = (values: unknown) =>
    typeof values === 'object' && values !== null && Object.prototype.hasOwnProperty.call(values, name)
      ? (values as Record<string, unknown>)[name]
      : undefined;
  if (group === undefined) return [own(inputs)].filter((value) => !isEmpty(value));
  const items = inputs[group];
  return Array.isArray(items) ? items.map(own).filter((value) => !isEmpty(value)) : [];
}

interface Watch {
  group: string | undefined;
  field: Field;
  /** An option value: counts calculations that chose it; absent: any value of the field. */
  option?: string;
  count: number;
  entry: ImpactField | ImpactOption;
}

export async function templateImpact(
  db: Kysely<DatabaseSchema>,
  usage: CalculationUsage,
  user: SessionUser,
  templateId: string,
  base: Template | undefined,
  next: Template | undefined,
  lang: Language,
): Promise<ChangeImpact> {
  const watches: Watch[] = [];
  const nextLevels = next ? levels(next) : [];
  for (const level of base ? levels(base) : []) {
    const target = nextLevels.find((candidate) => candidate.group === level.group)?.fields ?? [];
    for (const field of level.fields) {
      const key = level.group === undefined ? field.name : `${level.group}.${field.name}`;
      const label = localize(field.label, lang, field.name);
      const same = target.find((candidate) => candidate.name === field.name);
      const renamed = same ? undefined : target.find((candidate) => candidate.formerNames?.includes(field.name));
      const kept = same ?? renamed;
      if (!kept) {
        watches.push({
          group: level.group,
          field,
          count: 0,
          entry: { key, label, count: 0, link: null, change: 'removed', to: null },
        });
        continue;
      }
      if (renamed)
        watches.push({
          group: level.group,
          field,
          count: 0,
          entry: { key, label, count: 0, link: null, change: 'renamed', to: renamed.name },
        });
      const remaining = new Set((kept.options ?? []).map((option) => option.value));
      for (const option of field.options ?? []) {
        if (remaining.has(option.value)) continue;
        watches.push({
          group: level.group,
          field,
          option: option.value,
          count: 0,
          entry: {
            key: option.value,
            label: localize(option.label, lang, option.value),
            count: 0,
            link: null,
            field: key,
            field_label: label,
          },
        });
      }
    }
  }

  const byDatabase = new Map<number, number>();
  let calculations = 0;
  await usage.scan(db, user, { templateId }, (row) => {
    calculations++;
    byDatabase.set(row.database_id, (byDatabase.get(row.database_id) ?? 0) + 1);
    for (const watch of watches) {
      const values = valuesOf(row.inputs, watch.group, watch.field.name);
      const hit =
        watch.option === undefined
          ? values.length > 0
          : values.some((value) => (Array.isArray(value) ? value.includes(watch.option) : value === watch.option));
      if (hit) watch.count++;
    }
  });
  for (const watch of watches) watch.entry.count = watch.count;
  const template = next ?? base;
  const label = template ? localize(template.label, lang, templateId) : templateId;
  return {
    calculations,
    by_template: countEntries(
      new Map([[templateId, calculations]]),
      () => label,
      () => calculationsLink({ template_id: templateId }),
    ),
    by_database: await databaseEntries(db, byDatabase),
    templates: [],
    databases: [],
    fields: watches.filter((watch) => watch.option === undefined).map((watch) => watch.entry as ImpactField),
    options: watches.filter((watch) => watch.option !== undefined).map((watch) => watch.entry as ImpactOption),
  };
}
