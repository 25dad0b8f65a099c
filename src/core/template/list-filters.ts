/**
 * The template fields a calculations list can be filtered by: each template's `list.filters` that name a top-level
 * field (not one inside a repeatable group; `tags` has its own filter). The client builds its filter inputs from
 * them and the server accepts exactly these as `filter={"inputs":{"<field>": …}}`.
 */
import type { Field, Template } from './types';

/** A field outside repeatable groups, by name. */
export function topLevelField(template: Template, name: string): Field | undefined {
  for (const group of template.groups) {
    if (group.repeatable) continue;
    const field = group.fields.find((candidate) => candidate.name === name);
    if (field) return field;
  }
  return undefined;
}

/** The filterable fields of these templates, each name once (the first template's definition wins). */
export function listFilterFields(templates: readonly Template[]): Field[] {
  const fields: Field[] = [];
  for (const template of templates) {
    for (const name of template.list.filters ?? []) {
      if (name === 'tags' || fields.some((field) => field.name === name)) continue;
      const field = topLevelField(template, name);
      if (field) fields.push(field);
    }
  }
  return fields;
}
