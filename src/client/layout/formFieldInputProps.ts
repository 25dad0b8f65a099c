/**
 * What a template field's input is handed by its field type (field-types/factor.tsx, field-types/machine.tsx), named
 * as react-admin's inputs name them: an input spreads them onto its react-admin input as they are.
 */
import type { ReactNode } from 'react';
import type { Validator } from 'react-admin';

export interface FormFieldInputProps {
  source: string;
  label: ReactNode;
  helperText?: ReactNode;
  validate?: Validator | Validator[];
}
