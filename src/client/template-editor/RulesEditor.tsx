/**
 * A field's rules as structured entries: the rule picked from the catalogue, each argument in its own input, so
 * `between:1,100000000` is two numbers and not a string the admin has to split right. Stored as the format's rule
 * strings (`required`, `min:1`, `between:1,5`), so the JSON tab and the checker see exactly what they did before.
 * A number argument reads and is typed in the reader's format ("0,6" in German) and is stored with a point: a decimal
 * comma written into the rule would split `between:0,6,2` into three arguments.
 */
import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Language } from '../../core/languages';
import { formatNumber, parseLocaleNumber } from '../../core/number-format';
import { useLanguage } from '../i18n/useLanguage';
import { parseRule, RULE_ARITY } from '../../core/rules';
import { AddButton } from './AddButton';
import { DraftInput } from './DraftInput';
import { EditorSelect } from './EditorSelect';
import { RemoveButton } from './OrderButtons';

const RULE_NAMES = Object.keys(RULE_ARITY);

/** The rule string of a name and its arguments. */
export function ruleText(name: string, args: readonly string[]): string {
  return args.length === 0 ? name : `${name}:${args.join(',')}`;
}

/** A rule's arguments, as many as the rule takes (missing ones empty, extra ones kept for the checker to name). */
function argumentsOf(text: string): { name: string; args: string[] } {
  const parsed = parseRule(text);
  const arity = RULE_ARITY[parsed.name];
  if (arity === undefined) return { name: parsed.name, args: parsed.args };
  const args = Array.from({ length: Math.max(arity, parsed.args.length) }, (_, i) => parsed.args[i] ?? '');
  return { name: parsed.name, args };
}

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** A stored argument as the reader writes it: a plain number with the language's decimal sign, other text as is. */
export function argumentText(arg: string, lang: Language): string {
  if (!PLAIN_NUMBER.test(arg)) return arg;
  const decimal = formatNumber(1.5, lang).charAt(1);
  return arg.replace('.', decimal);
}

/** A typed argument as the rule stores it: a number in the reader's format becomes plain (`0,6` → `0.6`). */
export function storedArgument(text: string, lang: Language): string {
  const trimmed = text.trim();
  const number = parseLocaleNumber(trimmed, lang);
  if (number !== null) return String(number);
  // Not a number (yet): never a comma, which would split the rule's arguments.
  return trimmed.replace(/,/g, '.');
}

/** One argument: the draft stays as typed ("0,"), the rule gets the stored form, and follows outside changes. */
const ArgumentInput = ({
  arg,
  pattern,
  ...input
}: {
  arg: string;
  pattern: boolean;
  label: string;
  testId: string;
  onChange: (arg: string) => void;
}) => {
  const lang = useLanguage();
  return (
    <DraftInput
      {...input}
      value={arg}
      show={(stored) => (pattern ? stored : argumentText(stored, lang))}
      read={(text) => (pattern ? text : storedArgument(text, lang))}
      context={lang}
      width={pattern ? 240 : 120}
    />
  );
};

export const RulesEditor = ({
  rules,
  onChange,
  testId,
}: {
  rules: readonly string[];
  onChange: (rules: string[]) => void;
  testId: string;
}) => {
  const translate = useTranslate();
  const entries = rules.map(argumentsOf);
  const write = (index: number, name: string, args: string[]) =>
    onChange(entries.map((entry, i) => (i === index ? ruleText(name, args) : ruleText(entry.name, entry.args))));
  const pick = (index: number, name: string) =>
    write(
      index,
      name,
      Array.from({ length: RULE_ARITY[name] ?? 0 }, () => ''),
    );
  return (
    <Box data-testid={`${testId}-rules`} sx={{ width: '100%' }}>
      {entries.map((entry, index) => (
        <Box key={index} sx={{ display: 'flex', alignItems: 'center', columnGap: 1, flexWrap: 'wrap' }}>
          <EditorSelect
            label={translate('templateEditor.form.rule')}
            value={entry.name}
            onChange={(name) => pick(index, name)}
            choices={(RULE_NAMES.includes(entry.name) ? RULE_NAMES : [entry.name, ...RULE_NAMES]).map((name) => ({
              value: name,
              text: name,
            }))}
            testId={`${testId}-rule-${index}-name`}
            width={150}
          />
          {entry.args.map((arg, argIndex) => (
            <ArgumentInput
              key={argIndex}
              arg={arg}
              pattern={entry.name === 'pattern'}
              label={translate('templateEditor.form.rule_argument', { number: argIndex + 1 })}
              testId={`${testId}-rule-${index}-arg-${argIndex}`}
              onChange={(next) =>
                write(
                  index,
                  entry.name,
                  entry.args.map((a, i) => (i === argIndex ? next : a)),
                )
              }
            />
          ))}
          <RemoveButton
            label={translate('templateEditor.form.remove_rule')}
            onClick={() => onChange(rules.filter((_, i) => i !== index))}
            testId={`${testId}-rule-${index}`}
          />
        </Box>
      ))}
      <AddButton
        label={translate('templateEditor.form.add_rule')}
        onClick={() => onChange([...rules, 'required'])}
        testId={`${testId}-add-rule`}
      />
    </Box>
  );
};
