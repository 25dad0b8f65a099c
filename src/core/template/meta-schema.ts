/**
 * The meta-schema's field-type parts, derived from the field-type registry (core/field-types): the types a field may
 * name (`$defs.field.properties.type`) and, for a type whose values are chosen, what it must give to choose from
 * (`$defs.field.allOf`: `options`, a factor `category`, a `machineKind`). The loader validates against this
 * derivation, so the registry is the one list; `npm run schemas:meta` writes the same parts into
 * schemas/template.schema.json for the editors that read the file through `$schema`, and
 * tests/unit/field-types/field-types.test.ts fails while the file differs.
 */
import { fieldTypeOf } from '../field-types';
import { FIELD_TYPES } from './types';

/** The property a field of a type with choices must give; in the order of the meta-schema's conditions. */
const CHOICE_PROPERTY = { factors: 'category', machines: 'machineKind', options: 'options' } as const;

/** Told to whoever opens the file: these parts are written by the script, not by hand. */
const GENERATED =
  'Generated from the field-type registry (src/core/field-types), with the allOf conditions of `field` that name a type: run `npm run schemas:meta`, never edit by hand.';

interface MetaSchemaShape {
  $defs: { field: { properties: Record<string, unknown>; allOf?: readonly unknown[] } };
}

function isTypeCondition(condition: unknown): boolean {
  const properties = (condition as { if?: { properties?: Record<string, unknown> } } | null)?.if?.properties;
  return properties !== undefined && Object.hasOwn(properties, 'type');
}

/** What each type with choices must give: one condition per source, naming its types. */
function choiceConditions() {
  return Object.entries(CHOICE_PROPERTY).flatMap(([source, property]) => {
    const types = FIELD_TYPES.filter((type) => fieldTypeOf(type).choices === source);
    if (types.length === 0) return [];
    const type = types.length === 1 ? { const: types[0] } : { enum: types };
    return [{ if: { properties: { type } }, then: { required: [property] } }];
  });
}

/** The field-type parts as the registry says, in place in `$defs.field`. */
function fieldTypeParts(field: MetaSchemaShape['$defs']['field']) {
  return {
    type: { $comment: GENERATED, enum: [...FIELD_TYPES] },
    // A field's conditions that name no type are the author's own and stay, after the derived ones.
    allOf: [...choiceConditions(), ...(field.allOf ?? []).filter((condition) => !isTypeCondition(condition))],
  };
}

/** The meta-schema with its field-type parts derived from the registry (a copy; the file's object is left as it is). */
export function withFieldTypes<T extends MetaSchemaShape>(schema: T): T {
  const field = schema.$defs.field;
  const { type, allOf } = fieldTypeParts(field);
  return {
    ...schema,
    $defs: { ...schema.$defs, field: { ...field, properties: { ...field.properties, type }, allOf } },
  };
}
