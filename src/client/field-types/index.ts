/**
 * The client's registry of field types (see contract.ts), declared `satisfies Record<FieldType, ClientFieldType>`:
 * a type added to FIELD_TYPES without its file here is a compile error naming it. core/field-types is the other half.
 */
import type { FieldType } from '../../core/template';
import { boolean } from './boolean';
import type { ClientFieldType } from './contract';
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

const CLIENT_FIELD_TYPES = {
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
} satisfies Record<FieldType, ClientFieldType>;

export function clientFieldTypeOf(type: FieldType): ClientFieldType {
  return CLIENT_FIELD_TYPES[type];
}

export { TagChips } from './tags';
