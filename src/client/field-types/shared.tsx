/** What several client field types share: the option choices, the plain inputs and list cells. */
import { TextInput } from 'react-admin';
import { localize } from '../../core/rules';
import type { Field } from '../../core/template';
import type { ClientFieldType, FieldInputProps } from './contract';

function optionChoices(field: Field, lang: FieldInputProps['lang']) {
  return (field.options ?? []).map((option) => ({
    id: option.value,
    name: localize(option.label, lang, option.value),
  }));
}

/** The props react-admin's own inputs share. */
export function commonProps({ source, label, help, validate }: FieldInputProps) {
  return { source, label, helperText: help ?? false, validate } as const;
}

/** The props of an input that picks from the field's options (one or several), labelled in the reader's language. */
export function optionPickerProps(props: FieldInputProps) {
  return {
    ...commonProps(props),
    choices: optionChoices(props.field, props.lang),
    translateChoice: false,
    fullWidth: true,
  } as const;
}

export const plainListCell: ClientFieldType['listCell'] = (_field, value) => String(value);

export const LineInput = (props: FieldInputProps) => (
  <TextInput {...commonProps(props)} placeholder={props.placeholder} fullWidth />
);
