/** A number in the reader's format, its unit inside the input. */
import { fieldNumberOptions, localizeUnit } from '../../core/template';
import { numberText } from '../../core/field-types/shared';
import { LocaleNumberInput } from '../layout/LocaleNumberInput';
import type { ClientFieldType, FieldInputProps } from './contract';

const NumberFieldInput = ({ field, source, label, help, validate, placeholder, lang, units }: FieldInputProps) => (
  <LocaleNumberInput
    source={source}
    label={label}
    helperText={help}
    validate={validate}
    unit={field.unit ? localizeUnit(field.unit, lang, units) : undefined}
    placeholder={placeholder}
    integer={field.type === 'integer'}
    grouping={fieldNumberOptions(field).grouping}
  />
);

export const number = {
  Input: NumberFieldInput,
  listCell: (field, value, { lang, units }) =>
    typeof value === 'number' ? numberText(field, value, lang, units, 3) : String(value),
  showsUnit: true,
} satisfies ClientFieldType;
