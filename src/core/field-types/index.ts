/**
 * The registry of field types: each type's file says everything core needs of it (see contract.ts). The files are
 * found by `npm run schemas:meta` (scripts/meta-schema.ts), which re-exports them in types.generated.ts and lists their
 * names in FIELD_TYPES (names.generated.ts); the type below holds every file to the contract. client/field-types is
 * the client's half, held to the same names.
 */
import type { FieldType } from '../template/types';
import type { CoreFieldType } from './contract';
import * as typeFiles from './types.generated';

export const CORE_FIELD_TYPES: Record<FieldType, CoreFieldType> = typeFiles;

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
