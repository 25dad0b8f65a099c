/** Several options, picked from a list of their labels. */
import { SelectArrayInput } from 'react-admin';
import { optionsText } from '../../core/field-types/shared';
import type { ClientFieldType, FieldInputProps } from './contract';
import { optionPickerProps } from './shared';

export const multiselect = {
  Input: (props: FieldInputProps) => <SelectArrayInput {...optionPickerProps(props)} />,
  listCell: (field, value, { lang }) => (Array.isArray(value) ? optionsText(field, value, lang) : ''),
} satisfies ClientFieldType;
