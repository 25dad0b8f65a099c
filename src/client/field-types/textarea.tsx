/** Several lines of text, across the whole form. */
import { TextInput } from 'react-admin';
import type { ClientFieldType, FieldInputProps } from './contract';
import { commonProps, plainListCell } from './shared';

export const textarea = {
  Input: (props: FieldInputProps) => (
    <TextInput {...commonProps(props)} placeholder={props.placeholder} multiline minRows={3} fullWidth />
  ),
  listCell: plainListCell,
  wide: true,
} satisfies ClientFieldType;
