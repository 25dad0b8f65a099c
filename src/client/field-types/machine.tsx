/** One of the mandant's machines of the field's kind. */
import { MachineFieldInput } from '../machines/production';
import type { ClientFieldType, FieldInputProps } from './contract';
import { plainListCell } from './shared';

export const machine = {
  Input: ({ field, source, label, help, validate }: FieldInputProps) => (
    <MachineFieldInput source={source} kind={field.machineKind} label={label} helperText={help} validate={validate} />
  ),
  listCell: plainListCell,
} satisfies ClientFieldType;
