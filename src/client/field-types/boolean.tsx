/** Yes or no, as a switch. */
import { BooleanInput } from 'react-admin';
import type { ClientFieldType, FieldInputProps } from './contract';
import { commonProps } from './shared';

export const boolean = {
  Input: (props: FieldInputProps) => <BooleanInput {...commonProps(props)} />,
  listCell: (_field, value, { yesNo }) => yesNo(value === true),
} satisfies ClientFieldType;
