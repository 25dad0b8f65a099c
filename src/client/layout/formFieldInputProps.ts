/**
 * What a template field's input is handed by its field type (field-types/factor.tsx, field-types/machine.tsx,
 * field-types/number.tsx), named as react-admin's inputs name them: an input hands them to react-admin as they are
 * (spread onto its input, or to `useInput` and the label and helper text).
 */
import type { ReactNode } from 'react';
import type { Validator } from 'react-admin';

export interface FormFieldInputProps {
  source: string;
  label: ReactNode;
  helperText?: ReactNode;
  validate?: Validator | Validator[];
}
