/** A calendar day, picked in the reader's date format. */
import { LocalizedDateInput } from '../i18n/LocalizedDateInput';
import type { ClientFieldType, FieldInputProps } from './contract';
import { commonProps, plainListCell } from './shared';

export const date = {
  Input: (props: FieldInputProps) => <LocalizedDateInput {...commonProps(props)} sx={{ width: '100%' }} />,
  listCell: plainListCell,
} satisfies ClientFieldType;
