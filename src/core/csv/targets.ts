/**
 * The fields a CSV column can fill: every top-level field by its name, and the fields of a
 * repeatable group item by item. Item 1 keeps the key `<group>.<field>` (mappings stored before
 * numbered sets existed stay valid); item n ≥ 2 is `<group>[n].<field>` — 1-based like the headers
 * people write ("Transport 2: Entfernung"), and bracketed so it is never read as a 0-based
 * validation path (`transport.1.distance_km`).
 */
import type { Language } from '../languages';
import { localizeUnit, type Field, type Group, type Template, type UnitCatalog } from '../template';

export interface ImportTarget {
  /** `quantity`, `transport.distance_km` (item 1) or `transport[2].distance_km`. */
  key: string;
  field: Field;
  /** Set for a field of a repeatable group. */
  groupId?: string;
  /** The group item the column fills, from 1; set with `groupId`. */
  item?: number;
}

/** Items a mapping may address when the group names no maximum: far beyond any spreadsheet row one would write by hand. */
const ITEMS_WITHOUT_MAX = 100;

/** The highest item number a column of the group may fill. */
export function maxImportItems(group: Group): number {
  return Math.max(1, group.max ?? ITEMS_WITHOUT_MAX);
}

export function groupTargetKey(groupId: string, item: number, fieldName: string): string {
  return item === 1 ? `${groupId}.${fieldName}` : `${groupId}[${item}].${fieldName}`;
}

/**
 * The targets of every top-level field and of the first `items` items of each repeatable group
 * (a number for every group, or one per group id; never more than the group's maximum).
 */
export function importTargets(
  template: Template,
  items: number | Readonly<Record<string, number>> = 1,
): ImportTarget[] {
  const targets: ImportTarget[] = [];
  for (const group of template.groups) {
    if (!group.repeatable) {
      for (const field of group.fields) targets.push({ key: field.name, field });
      continue;
    }
    const wanted = typeof items === 'number' ? items : Object.hasOwn(items, group.id) ? items[group.id]! : 1;
    const count = Math.min(Math.max(1, wanted), maxImportItems(group));
    for (let item = 1; item <= count; item++) {
      for (const field of group.fields)
        targets.push({ key: groupTargetKey(group.id, item, field.name), field, groupId: group.id, item });
    }
  }
  return targets;
}

const TARGET_KEY = /^([a-z][a-z0-9_]*)(?:\[(\d{1,6})\])?\.([a-z][a-z0-9_]*)$/;

/**
 * The target a mapping key names, or undefined: a top-level field, `<group>.<field>` or
 * `<group>[n].<field>` with 1 ≤ n ≤ the group's maximum. `transport[1].mode` is item 1 too; the
 * answered key is always the canonical one, so "mapped twice" compares like with like.
 */
export function resolveTarget(template: Template, key: string): ImportTarget | undefined {
  for (const group of template.groups) {
    if (group.repeatable) continue;
    const field = group.fields.find((f) => f.name === key);
    if (field) return { key, field };
  }
  const match = TARGET_KEY.exec(key);
  if (!match) return undefined;
  const [, groupId, itemText, fieldName] = match;
  const group = template.groups.find((g) => g.repeatable && g.id === groupId);
  const field = group?.fields.find((f) => f.name === fieldName);
  const item = itemText === undefined ? 1 : Number(itemText);
  if (!group || !field || item < 1 || item > maxImportItems(group)) return undefined;
  return { key: groupTargetKey(group.id, item, field.name), field, groupId: group.id, item };
}

/** The field's label with its unit, in `lang`; `units`, the catalogue as loaded, names a provider admin's own word units. */
export function fieldHeader(field: Field, lang: Language, units?: UnitCatalog): string {
  const label = field.label[lang] ?? field.label.de ?? field.name;
  return field.unit ? `${label} (${localizeUnit(field.unit, lang, units)})` : label;
}

/** What one item of a repeatable group is called in `lang` (its item label, else the group's label). */
export function itemLabel(group: Group, lang: Language): string {
  const label = group.itemLabel ?? group.label;
  return label[lang] ?? label.de ?? group.id;
}

/**
 * The header a template CSV shows for a target, in `lang`: a group item's fields as numbered
 * sets, `<item label> <n>: <field label>` ("Etappe 2: Entfernung (km)").
 */
export function targetHeader(template: Template, target: ImportTarget, lang: Language, units?: UnitCatalog): string {
  const withUnit = fieldHeader(target.field, lang, units);
  if (!target.groupId) return withUnit;
  const group = template.groups.find((g) => g.id === target.groupId);
  // Numbered by what one item is called ("Etappe 2"), as the form numbers them.
  const label = group ? itemLabel(group, lang) : target.groupId;
  return `${label} ${target.item ?? 1}: ${withUnit}`;
}
