/**
 * Column → field suggestions for a CSV header row: a column matches a field by the field's
 * name, its label in any of the five languages (with or without the unit), the template CSV's
 * own header, or one of the template's `import.aliases`. Each field is suggested at most once.
 */
import { LANGUAGES } from '../languages';
import type { Template } from '../template';
import { importTargets, targetHeader } from './targets';
import { normalizeLabel, withoutUnit } from './text';

/** CSV header → target key (`quantity`, `transport.distance_km`) or null (ignored column). */
export type ColumnMapping = Record<string, string | null>;

function namesOfTargets(template: Template): Map<string, string> {
  const names = new Map<string, string>();
  const add = (name: string, key: string) => {
    const normalized = normalizeLabel(name);
    if (normalized !== '' && !names.has(normalized)) names.set(normalized, key);
  };
  // Aliases first: a template author's explicit word wins over a label that happens to match.
  for (const [alias, key] of Object.entries(template.import?.aliases ?? {})) add(alias, key);
  for (const target of importTargets(template)) {
    add(target.key, target.key);
    for (const lang of LANGUAGES) {
      const label = target.field.label[lang];
      if (label) {
        add(label, target.key);
        add(withoutUnit(label), target.key);
      }
      add(targetHeader(template, target, lang), target.key);
    }
    if (!target.groupId) continue;
    add(target.field.name, target.key);
    for (const lang of LANGUAGES) if (target.field.label[lang]) add(target.field.label[lang], target.key);
  }
  return names;
}

export function suggestMapping(template: Template, headers: readonly string[]): ColumnMapping {
  const names = namesOfTargets(template);
  const valid = new Set(importTargets(template).map((t) => t.key));
  const used = new Set<string>();
  // Entries, not assignments: a column headed "__proto__" must stay a column.
  const entries: Array<[string, string | null]> = [];
  for (const header of headers) {
    const key = names.get(normalizeLabel(header)) ?? names.get(normalizeLabel(withoutUnit(header))) ?? null;
    if (key !== null && valid.has(key) && !used.has(key)) {
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
  const valid = new Set(importTargets(template).map((t) => t.key));
  const present = new Set(headers);
  const seen = new Set<string>();
  const problems: string[] = [];
  for (const [header, key] of Object.entries(mapping)) {
    if (key === null || key === '') continue;
    if (!present.has(header)) problems.push(`column "${header}" is not in the file`);
    if (!valid.has(key)) problems.push(`"${key}" is not a field of the template`);
    if (seen.has(key)) problems.push(`"${key}" is mapped twice`);
    seen.add(key);
  }
  return problems;
}
