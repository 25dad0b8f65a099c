/** A factor of the field's category, picked from the factor database in use. */
import { FactorInput } from './FactorInput';
import type { ClientFieldType, FieldInputProps } from './contract';
import { plainListCell } from './shared';

export const factor = {
  Input: ({ field, source, label, help, validate }: FieldInputProps) => (
    <FactorInput source={source} category={field.category} label={label} helperText={help} validate={validate} />
  ),
  listCell: plainListCell,
} satisfies ClientFieldType;
