/**
 * One template field as a form input, chosen by its type (in the spirit of api-platform's InputGuesser): the template
 * says what the data is, the type's client file (client/field-types) how it is edited. Fields with `visibleIf` are only mounted while their
 * condition holds on their own level's values; the values they leave behind are pruned before sending.
 */
import { Box, Typography } from '@mui/material';
import { useMemo, type ReactElement } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslate, useWrappedSource } from 'react-admin';
import type { Language } from '../../core/languages';
import { compileRules, isFieldVisible, localize } from '../../core/rules';
import { compileCondition, conditionFields, localizeUnit, type Field } from '../../core/template';
import { clientFieldTypeOf } from '../field-types';
import { fieldValidator } from './fieldValidator';
import { parentPath } from './formPaths';
import { useLanguage } from '../i18n/useLanguage';
import { useUnitCatalog } from '../units/useUnitCatalog';

/**
 * The form's fields in equal columns, each input as wide as its column (a text area across all of them): inputs
 * sized by their own content made ragged rows. Shared by the calculation details and repeatable groups' items.
 */
export const FIELD_GRID_SX = {
  display: 'grid',
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
  columnGap: 2,
  alignItems: 'start',
} as const;

export function fieldLabel(field: Field, lang: Language): ReactElement {
  const required = compileRules(field).rules.required;
  return (
    <span>
      {localize(field.label, lang, field.name)}
      {required ? <span aria-hidden="true">&thinsp;*</span> : null}
    </span>
  );
}

function conditionInputs(field: Field): string[] {
  if (field.visibleIf === undefined) return [];
  try {
    return conditionFields(compileCondition(field.visibleIf));
  } catch {
    return [];
  }
}

/** Watches only the fields the condition reads, so typing elsewhere does not re-render this field. */
function useFieldVisible(field: Field, fullSource: string): boolean {
  const level = parentPath(fullSource);
  const names = useMemo(() => conditionInputs(field), [field]);
  const watched = useWatch({
    name: names.map((name) => (level ? `${level}.${name}` : name)),
    disabled: names.length === 0,
  }) as unknown[] | undefined;
  if (field.visibleIf === undefined) return true;
  const values = Object.fromEntries(names.map((name, index) => [name, watched?.[index]]));
  return isFieldVisible(field, values);
}

export interface TemplateFieldInputProps {
  field: Field;
  /** Relative to the surrounding source context (inside a repeatable group: the field's name). */
  source: string;
}

export const TemplateFieldInput = ({ field, source }: TemplateFieldInputProps) => {
  const lang = useLanguage();
  const translate = useTranslate();
  const units = useUnitCatalog();
  const fullSource = useWrappedSource(source);
  const visible = useFieldVisible(field, fullSource);
  const validate = useMemo(() => fieldValidator(field, lang), [field, lang]);
  if (!visible) return null;

  const label = fieldLabel(field, lang);
  // An informational field feeds no result; the form says so, so nobody expects the figures to move with it.
  const informational = field.informational ? (
    <span data-testid={`informational-${field.name}`}>{translate('template.informational')}</span>
  ) : null;
  const help =
    field.help || informational ? (
      <span>
        {field.help ? localize(field.help, lang) : null}
        {field.help && informational ? ' ' : null}
        {informational}
      </span>
    ) : undefined;
  const placeholder = field.placeholder ? localize(field.placeholder, lang) : undefined;
  const type = clientFieldTypeOf(field.type);
  const input = (
    <type.Input
      field={field}
      source={source}
      label={label}
      help={help}
      placeholder={placeholder}
      validate={validate}
      lang={lang}
      units={units}
    />
  );
  return (
    <Box
      data-field={field.name}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        minWidth: 0,
        gridColumn: type.wide ? '1 / -1' : undefined,
      }}
    >
      {input}
      {field.unit && !type.showsUnit ? (
        <Typography variant="caption" color="text.secondary">
          {localizeUnit(field.unit, lang, units)}
        </Typography>
      ) : null}
    </Box>
  );
};
