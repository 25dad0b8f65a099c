/**
 * What the client needs of a field type: how the form edits a value, how a list cell shows it. One file per type in
 * this folder; index.ts is the registry, typed `Record<FieldType, ClientFieldType>`. How a value reads
 * in the comparison is plain text shared with its CSV, so it sits with the core's half (core/field-types, `comparison`).
 */
import type { ReactElement, ReactNode } from 'react';
import type { Validator } from 'react-admin';
import type { Language } from '../../core/languages';
import type { Field, UnitCatalog } from '../../core/template';

export interface FieldInputProps {
  field: Field;
  /** Relative to the surrounding source context (inside a repeatable group: the field's name). */
  source: string;
  label: ReactElement;
  help: ReactNode | undefined;
  placeholder: string | undefined;
  validate: Validator;
  lang: Language;
  units: UnitCatalog;
}

export interface ListCellContext {
  lang: Language;
  yesNo(value: boolean): string;
  units: UnitCatalog | undefined;
}

export interface ClientFieldType {
  /** The form's input for the field. */
  Input(props: FieldInputProps): ReactElement;
  /** A present value in a list column. */
  listCell(field: Field, value: unknown, context: ListCellContext): ReactNode;
  /** The input spans every column of the form's grid. */
  wide?: boolean;
  /** The input shows the field's unit itself; otherwise a caption under it does. */
  showsUnit?: boolean;
}
