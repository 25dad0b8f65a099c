/**
 * The client's registry of field types (see contract.ts): types.generated.ts re-exports a file here for each type of
 * FIELD_TYPES (`npm run schemas:meta`): a type without its client file is a missing module there, and the type below
 * holds every file to the contract. core/field-types is the other half.
 */
import type { FieldType } from '../../core/template';
import type { ClientFieldType } from './contract';
import * as typeFiles from './types.generated';

const CLIENT_FIELD_TYPES: Record<FieldType, ClientFieldType> = typeFiles;

export function clientFieldTypeOf(type: FieldType): ClientFieldType {
  return CLIENT_FIELD_TYPES[type];
}

export { TagChips } from './tags';
