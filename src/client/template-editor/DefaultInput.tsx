/**
 * A field's default value, picked as the field's type takes it: one of a select's options, yes or no, one of the
 * factor keys of a factor field's category; other types are typed (numbers, dates, texts, comma-separated lists).
 */
import { TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { knownFieldType } from '../../core/field-types';
import { localize } from '../../core/rules';
import type { Field } from '../../core/template';
import { useLanguage } from '../i18n/useLanguage';
import { useCategoryFactors } from './CategoryPicker';
import { formatDefault, parseDefault } from './definitionEdits';
import { EditorSelect, type EditorChoice, small } from './EditorSelect';

export const DefaultInput = ({
  field,
  testId,
  onChange,
}: {
  field: Partial<Field>;
  testId: string;
  onChange: (value: Field['default'] | undefined) => void;
}) => {
  const translate = useTranslate();
  const lang = useLanguage();
  const type = knownFieldType(field.type);
  const factors = useCategoryFactors(type?.choices === 'factors' ? field.category : undefined);
  const label = translate('templateEditor.form.default');
  const current = formatDefault(field.default);
  const change = (text: string) => onChange(parseDefault(field.type, text));
  let choices: EditorChoice[] | undefined;
  if (type?.choices === 'options' && type.kind === 'string')
    choices = (field.options ?? []).map((option) => ({
      value: option.value,
      text: localize(option.label, lang, option.value),
    }));
  else if (type?.kind === 'boolean')
    choices = [
      { value: 'true', text: translate('ra.boolean.true') },
      { value: 'false', text: translate('ra.boolean.false') },
    ];
  else if (type?.choices === 'factors')
    choices = factors.map((factor) => ({
      value: factor.key,
      text: `${localize(factor.label, lang, factor.key)} (${factor.key})`,
    }));
  if (!choices) {
    return (
      <TextField
        {...small}
        label={label}
        value={current}
        onChange={(e) => change(e.target.value)}
        slotProps={{ htmlInput: { 'data-testid': testId } }}
        sx={{ width: 120 }}
      />
    );
  }
  // A value the list lacks (written in the JSON tab, or a key of a database not loaded) stays as it is: the checker names it.
  if (current !== '' && !choices.some((choice) => choice.value === current))
    choices = [...choices, { value: current, text: current }];
  return (
    <EditorSelect
      label={label}
      value={current}
      onChange={change}
      choices={[{ value: '', text: translate('templateEditor.form.no_default') }, ...choices]}
      testId={testId}
      width={200}
      shrinkLabel
    />
  );
};
