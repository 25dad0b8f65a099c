/**
 * The registry of field types: each type's file says everything core needs of it (see contract.ts). Declared
 * `satisfies Record<FieldType, CoreFieldType>`: a type added to FIELD_TYPES (template/types.ts) without its file
 * here is a compile error naming it; client/field-types is the client's half.
 */
import type { FieldType } from '../template/types';
import { boolean } from './boolean';
import type { CoreFieldType } from './contract';
import { date } from './date';
import { factor } from './factor';
import { integer } from './integer';
import { machine } from './machine';
import { multiselect } from './multiselect';
import { number } from './number';
import { select } from './select';
import { tags } from './tags';
import { text } from './text';
import { textarea } from './textarea';

export const CORE_FIELD_TYPES = {
  text,
  textarea,
  integer,
  number,
  select,
  multiselect,
  boolean,
  date,
  tags,
  factor,
  machine,
} satisfies Record<FieldType, CoreFieldType>;

/** The type's definition (every field's `type` is one of FIELD_TYPES: the meta-schema checks it on load). */
export function fieldTypeOf(type: FieldType): CoreFieldType {
  return CORE_FIELD_TYPES[type];
}

/** The definition of a type a template being edited names, if it is one (the editor holds unchecked drafts). */
export function knownFieldType(type: unknown): CoreFieldType | undefined {
  return typeof type === 'string' && Object.hasOwn(CORE_FIELD_TYPES, type)
    ? CORE_FIELD_TYPES[type as FieldType]
    : undefined;
}

export type { FieldFault, FormulaValue, InputCheckOptions, InputWord, ValueKind } from './contract';
