/**
 * `filter={"inputs":{"format":"A4","binding":"saddle"}}`: calculations by the template fields their templates list
 * as filters (`list.filters`, see core/template/list-filters). Select, factor and boolean fields match their value
 * (a factor its key: the list offers the factors by name), a multiselect field matches when it holds the value, text
 * fields when they contain the text (any case).
 * Only declared filter fields are accepted: the field name goes into a JSON path, and the declared set keeps the
 * filter to what a list offers. There is no index behind these: they narrow a mandant's (or a type's) rows by scan.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { fieldTypeOf } from '../../core/field-types';
import { listFilterFields, type Field } from '../../core/template';
import { dialectOf } from '../db/dialect';
import type { DatabaseSchema } from '../db/schema';
import { badRequest, type RefusalText } from '../refusals';
import { likePattern } from '../http/list-sql';
import type { TemplateRegistry } from '../templates/registry';

const SAFE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const MAX_TEXT = 200;

function invalid(path: string, message: RefusalText): never {
  throw badRequest('errors.list.inputsFilter', { [`filter.inputs${path}`]: message });
}

function condition(db: Kysely<DatabaseSchema>, field: Field, value: unknown): RawBuilder<boolean> {
  const postgres = dialectOf(db) === 'postgres';
  const name = field.name;
  const jsonPath = `$.${name}`;
  const { kind, text } = fieldTypeOf(field.type);
  if (text === 'free') {
    if (typeof value !== 'string' || value.length > MAX_TEXT) invalid(`.${name}`, 'errors.list.expectedText');
    const pattern = likePattern(value);
    return postgres
      ? sql<boolean>`lower(calculations.inputs ->> ${name}) like ${pattern} escape '\\'`
      : sql<boolean>`lower(json_extract(calculations.inputs, ${jsonPath})) like ${pattern} escape '\\'`;
  }
  if (kind === 'boolean') {
    // A select input may hand over its choice as text.
    const yes =
      value === true || value === 'true'
        ? true
        : value === false || value === 'false'
          ? false
          : invalid(`.${name}`, 'errors.list.expectedBoolean');
    return postgres
      ? sql<boolean>`calculations.inputs -> ${name} = ${JSON.stringify(yes)}::jsonb`
      : sql<boolean>`json_extract(calculations.inputs, ${jsonPath}) = ${yes ? 1 : 0}`;
  }
  if (typeof value !== 'string' && typeof value !== 'number') invalid(`.${name}`, 'errors.list.expectedValue');
  if (kind === 'array') {
    return postgres
      ? sql<boolean>`calculations.inputs -> ${name} @> ${JSON.stringify([value])}::jsonb`
      : sql<boolean>`exists (select 1 from json_each(calculations.inputs, ${jsonPath}) as held where held.value = ${value})`;
  }
  return postgres
    ? sql<boolean>`calculations.inputs -> ${name} = ${JSON.stringify(value)}::jsonb`
    : sql<boolean>`json_extract(calculations.inputs, ${jsonPath}) = ${value}`;
}

/** The `inputs` filter of the calculations resource. */
export function inputsFilter(templates: TemplateRegistry) {
  return (value: unknown, db: Kysely<DatabaseSchema>): RawBuilder<boolean> => {
    if (value === null || value === undefined) return sql<boolean>`1 = 1`;
    if (typeof value !== 'object' || Array.isArray(value)) invalid('', 'errors.list.expectedFieldValues');
    const declared = new Map(listFilterFields(templates.list()).map((field) => [field.name, field]));
    const conditions: RawBuilder<boolean>[] = [];
    for (const [name, wanted] of Object.entries(value as Record<string, unknown>)) {
      const field = declared.get(name);
      if (!field || !SAFE_NAME.test(name)) invalid(`.${name}`, 'errors.list.noTemplateFilter');
      // An emptied filter input sends null or "": it filters nothing.
      if (wanted === null || wanted === '') continue;
      conditions.push(condition(db, field, wanted));
    }
    return conditions.length === 0 ? sql<boolean>`1 = 1` : sql<boolean>`(${sql.join(conditions, sql` and `)})`;
  };
}
