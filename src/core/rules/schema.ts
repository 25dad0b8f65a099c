/**
 * The JSON Schema 2020-12 of a calculation's `inputs`, derived from the template's fields and
 * rules. Unknown fields are rejected, hidden fields (visibleIf false) must be absent and are
 * never required, repeatable groups are arrays of objects. validate.ts is its twin.
 */
import { getCompiledTemplate, type CompiledField } from '../template/compile';
import type { Template } from '../template/types';
import { conditionSchema } from '../template/visibility';
import { fieldTypeOf, type InputCheckOptions, type JsonSchema } from '../field-types';

export type { JsonSchema } from '../field-types';

export const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

export function templateToJsonSchema(template: Template, options: InputCheckOptions = {}): JsonSchema {
  const compiled = getCompiledTemplate(template);
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const conditions: JsonSchema[] = [];
  addFields(compiled.fields, properties, required, conditions, options);
  for (const { group } of compiled.repeatables) {
    const itemProperties: Record<string, JsonSchema> = {};
    const itemRequired: string[] = [];
    const itemConditions: JsonSchema[] = [];
    const compiledGroup = compiled.repeatables.find((candidate) => candidate.group === group);
    addFields(compiledGroup?.fields ?? [], itemProperties, itemRequired, itemConditions, options);
    const item: JsonSchema = { type: 'object', additionalProperties: false, properties: itemProperties };
    if (itemRequired.length) item.required = itemRequired;
    if (itemConditions.length) item.allOf = itemConditions;
    const array: JsonSchema = { type: 'array', items: item };
    if (group.min !== undefined) array.minItems = group.min;
    if (group.max !== undefined) array.maxItems = group.max;
    properties[group.id] = array;
    if ((group.min ?? 0) > 0) required.push(group.id);
  }
  const schema: JsonSchema = {
    $schema: JSON_SCHEMA_DIALECT,
    title: `${template.id} v${template.version} inputs`,
    type: 'object',
    additionalProperties: false,
    properties,
  };
  if (required.length) schema.required = required;
  if (conditions.length) schema.allOf = conditions;
  return schema;
}

function addFields(
  fields: CompiledField[],
  properties: Record<string, JsonSchema>,
  required: string[],
  conditions: JsonSchema[],
  options: InputCheckOptions,
): void {
  for (const compiledField of fields) {
    const { field, rules, visibility } = compiledField;
    properties[field.name] = fieldSchema(compiledField, options);
    if (!visibility) {
      if (rules.required) required.push(field.name);
      continue;
    }
    const condition: JsonSchema = { if: conditionSchema(visibility), else: { not: { required: [field.name] } } };
    if (rules.required) condition.then = { required: [field.name] };
    conditions.push(condition);
  }
}

/** The type's schema (nullable unless required, core/field-types) plus one allOf entry per rule check, in the order written. */
export function fieldSchema({ field, rules }: CompiledField, options: InputCheckOptions = {}): JsonSchema {
  const schema = fieldTypeOf(field.type).schema(field, !rules.required, options);
  if (rules.checks.length) schema.allOf = rules.checks.map((check) => check.schema);
  return schema;
}
