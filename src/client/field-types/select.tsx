/** One option, picked from a list of their labels. */
import { SelectInput } from 'react-admin';
import { optionLabel } from '../../core/template';
import type { ClientFieldType, FieldInputProps } from './contract';
import { commonProps, optionChoices } from './shared';

export const select = {
  Input: (props: FieldInputProps) => (
    <SelectInput
      {...commonProps(props)}
      choices={optionChoices(props.field, props.lang)}
      translateChoice={false}
      fullWidth
    />
  ),
  listCell: (field, value, { lang }) => optionLabel(field, value, lang),
} satisfies ClientFieldType;
