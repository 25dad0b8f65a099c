/**
 * Column → field suggestions for a CSV header row: a column matches a field by the field's
 * name, its label in any of the five languages (with or without the unit), the template CSV's
 * own header, or one of the template's `import.aliases`. The fields of a repeatable group come
 * in numbered sets, `<group> <n>: <field>` ("Transport 2: Verkehrsmittel"), the group named by
 * its id or its label in any language and the field by any of its names; the unnumbered
 * `<group>: <field>` or the field alone fills item 1. Each target is suggested at most once.
 */
import { LANGUAGES } from '../languages';
import type { Group, Template } from '../template';
import { fieldHeader, groupTargetKey, importTargets, maxImportItems, resolveTarget, targetHeader } from './targets';
import { normalizeLabel, withoutUnit } from './text';

/** CSV header → target key (`quantity`, `transport.distance_km`, `transport[2].mode`) or null (ignored column). */
export type ColumnMapping = Record<string, string | null>;

function addName(names: Map<string, string>, name: string, value: string): void {
  const normalized = normalizeLabel(name);
  if (normalized !== '' && !names.has(normalized)) names.set(normalized, value);
}

function namesOfTargets(template: Template): Map<string, string> {
  const names = new Map<string, string>();
  // Aliases first: a template author's explicit word wins over a label that happens to match.
  for (const [alias, key] of Object.entries(template.import?.aliases ?? {})) addName(names, alias, key);
  for (const target of importTargets(template)) {
    addName(names, target.key, target.key);
    for (const lang of LANGUAGES) {
      const label = target.field.label[lang];
      if (label) {
        addName(names, label, target.key);
        addName(names, withoutUnit(label), target.key);
      }
      addName(names, targetHeader(template, target, lang), target.key);
    }
    if (!target.groupId) continue;
    const group = template.groups.find((g) => g.id === target.groupId)!;
    addName(names, target.field.name, target.key);
    for (const lang of LANGUAGES) {
      if (target.field.label[lang]) addName(names, target.field.label[lang], target.key);
      // The header without its number, as Kontor wrote it before numbered sets: "Transporte: Entfernung (km)".
      addName(names, `${group.label[lang] ?? group.id}: ${fieldHeader(target.field, lang)}`, target.key);
    }
  }
  return names;
}

interface GroupNames {
  group: Group;
  /** The group's id and labels, normalised. */
  labels: string[];
  /** Normalised field name, label (with and without unit) or alias → field name. */
  fields: Map<string, string>;
}

function namesOfGroups(template: Template): GroupNames[] {
  const aliases = Object.entries(template.import?.aliases ?? {});
  return template.groups
    .filter((group) => group.repeatable)
    .map((group) => {
      const labels = new Set([normalizeLabel(group.id)]);
      // The item label numbers the headers Kontor writes ("Etappe 2"); the group label those it wrote before.
      for (const lang of LANGUAGES) {
        if (group.label[lang]) labels.add(normalizeLabel(group.label[lang]));
        if (group.itemLabel?.[lang]) labels.add(normalizeLabel(group.itemLabel[lang]));
      }
      const fields = new Map<string, string>();
      // An alias may name a group field as `<group>.<field>`: it names that field in every set.
      for (const [alias, key] of aliases) {
        const target = resolveTarget(template, key);
        if (target?.groupId === group.id) addName(fields, alias, target.field.name);
      }
      for (const field of group.fields) {
        addName(fields, field.name, field.name);
        for (const lang of LANGUAGES) {
          const label = field.label[lang];
          if (!label) continue;
          addName(fields, label, field.name);
          addName(fields, fieldHeader(field, lang), field.name);
        }
      }
      labels.delete('');
      return { group, labels: [...labels], fields };
    });
}

/** The target of a numbered header, `<group> <n>: <field>` (any punctuation), or null. */
function numberedTarget(groups: readonly GroupNames[], header: string): string | null {
  for (const candidate of [header, withoutUnit(header)]) {
    const normalized = normalizeLabel(candidate);
    for (const { group, labels, fields } of groups) {
      for (const label of labels) {
        if (!normalized.startsWith(`${label} `)) continue;
        const match = /^(\d{1,6}) (.+)$/.exec(normalized.slice(label.length + 1));
        if (!match) continue;
        const item = Number(match[1]);
        const fieldName = fields.get(match[2]!);
        if (fieldName && item >= 1 && item <= maxImportItems(group)) return groupTargetKey(group.id, item, fieldName);
      }
    }
  }
  return null;
}

export function suggestMapping(template: Template, headers: readonly string[]): ColumnMapping {
  const names = namesOfTargets(template);
  const groups = namesOfGroups(template);
  const used = new Set<string>();
  // Entries, not assignments: a column headed "__proto__" must stay a column.
  const entries: Array<[string, string | null]> = [];
  for (const header of headers) {
    const named =
      names.get(normalizeLabel(header)) ??
      names.get(normalizeLabel(withoutUnit(header))) ??
      numberedTarget(groups, header);
    const key = named === null ? undefined : resolveTarget(template, named)?.key;
    if (key !== undefined && !used.has(key)) {
      entries.push([header, key]);
      used.add(key);
    } else {
      entries.push([header, null]);
    }
  }
  return Object.fromEntries(entries);
}

/** Problems of a mapping sent by a client: unknown target keys, a target used twice, columns not in the file. */
export function mappingProblems(template: Template, headers: readonly string[], mapping: ColumnMapping): string[] {
  const present = new Set(headers);
  const seen = new Set<string>();
  const problems: string[] = [];
  for (const [header, key] of Object.entries(mapping)) {
    if (key === null || key === '') continue;
    if (!present.has(header)) problems.push(`column "${header}" is not in the file`);
    const target = resolveTarget(template, key);
    if (!target) problems.push(`"${key}" is not a field of the template`);
    const canonical = target?.key ?? key;
    if (seen.has(canonical)) problems.push(`"${key}" is mapped twice`);
    seen.add(canonical);
  }
  return problems;
}
