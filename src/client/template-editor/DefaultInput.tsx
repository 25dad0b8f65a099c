/**
 * A field's default value, picked as the field's type takes it: one of a select's options, yes or no, one of the
 * factor keys of a factor field's category; other types are typed (numbers, dates, texts, comma-separated lists).
 */
import { TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { localize } from '../../core/rules';
import type { Field } from '../../core/template';
import { useLanguage } from '../templates/useLanguage';
import { useCategoryFactors } from './CategoryPicker';
import { formatDefault, parseDefault } from './definitionEdits';

const small = { size: 'small', margin: 'dense' } as const;

interface Choice {
  value: string;
  label: string;
}

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
  const factors = useCategoryFactors(field.type === 'factor' ? field.category : undefined);
  const label = translate('templateEditor.form.default');
  const current = formatDefault(field.default);
  const change = (text: string) => onChange(parseDefault(field.type, text));
  let choices: Choice[] | undefined;
  if (field.type === 'select')
    choices = (field.options ?? []).map((option) => ({
      value: option.value,
      label: localize(option.label, lang, option.value),
    }));
  else if (field.type === 'boolean')
    choices = [
      { value: 'true', label: translate('ra.boolean.true') },
      { value: 'false', label: translate('ra.boolean.false') },
    ];
  else if (field.type === 'factor')
    choices = factors.map((factor) => ({
      value: factor.key,
      label: `${localize(factor.label, lang, factor.key)} (${factor.key})`,
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
    choices = [...choices, { value: current, label: current }];
  return (
    <TextField
      {...small}
      select
      label={label}
      value={current}
      onChange={(e) => change(e.target.value)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': testId } }}
      sx={{ width: 200 }}
    >
      <option value="">{translate('templateEditor.form.no_default')}</option>
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </TextField>
  );
};
