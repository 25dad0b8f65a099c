/**
 * The fields a CSV column can fill: every top-level field by its name, and the fields of a
 * repeatable group as `<group>.<field>` (they fill the group's first item — one row, one item).
 */
import type { Language } from '../languages';
import { localizeUnit, type Field, type Template } from '../template';

export interface ImportTarget {
  /** `quantity` or `transport.distance_km`. */
  key: string;
  field: Field;
  /** Set for a field of a repeatable group. */
  groupId?: string;
}

export function importTargets(template: Template): ImportTarget[] {
  const targets: ImportTarget[] = [];
  for (const group of template.groups) {
    for (const field of group.fields) {
      targets.push(group.repeatable ? { key: `${group.id}.${field.name}`, field, groupId: group.id } : { key: field.name, field });
    }
  }
  return targets;
}

/** The header a template CSV shows for a target, in `lang` (the group's label prefixes repeatable fields). */
export function targetHeader(template: Template, target: ImportTarget, lang: Language): string {
  const label = target.field.label[lang] ?? target.field.label.de ?? target.field.name;
  const withUnit = target.field.unit ? `${label} (${localizeUnit(target.field.unit, lang)})` : label;
  if (!target.groupId) return withUnit;
  const group = template.groups.find((g) => g.id === target.groupId);
  const groupLabel = group?.label[lang] ?? group?.label.de ?? target.groupId;
  return `${groupLabel}: ${withUnit}`;
}
