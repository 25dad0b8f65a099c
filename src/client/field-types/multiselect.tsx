/** Several options, picked from a list of their labels. */
import { SelectArrayInput } from 'react-admin';
import { optionsText } from '../../core/field-types/shared';
import type { ClientFieldType, FieldInputProps } from './contract';
import { commonProps, optionChoices } from './shared';

export const multiselect = {
  Input: (props: FieldInputProps) => (
    <SelectArrayInput
      {...commonProps(props)}
      choices={optionChoices(props.field, props.lang)}
      translateChoice={false}
      fullWidth
    />
  ),
  listCell: (field, value, { lang }) => (Array.isArray(value) ? optionsText(field, value, lang) : ''),
} satisfies ClientFieldType;
