/** One option, picked from a list of their labels. */
import { SelectInput } from 'react-admin';
import { optionLabel } from '../../core/template';
import type { ClientFieldType, FieldInputProps } from './contract';
import { optionPickerProps } from './shared';

export const select = {
  Input: (props: FieldInputProps) => <SelectInput {...optionPickerProps(props)} />,
  listCell: (field, value, { lang }) => optionLabel(field, value, lang),
} satisfies ClientFieldType;
