/**
 * A field's rules as structured entries: the rule picked from the catalogue, each argument in its own input, so
 * `between:1,100000000` is two numbers and not a string the admin has to split right. Stored as the format's rule
 * strings (`required`, `min:1`, `between:1,5`), so the JSON tab and the checker see exactly what they did before.
 */
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { parseRule, RULE_ARITY } from '../../core/rules';
import { LabelledIconButton } from '../layout/LabelledIconButton';
import { AddButton } from './AddButton';
import { EditorSelect } from './EditorSelect';

const small = { size: 'small', margin: 'dense' } as const;
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
            <TextField
              {...small}
              key={argIndex}
              label={translate('templateEditor.form.rule_argument', { number: argIndex + 1 })}
              value={arg}
              onChange={(event) =>
                write(
                  index,
                  entry.name,
                  entry.args.map((a, i) =>
                    i === argIndex ? (entry.name === 'pattern' ? event.target.value : event.target.value.trim()) : a,
                  ),
                )
              }
              slotProps={{ htmlInput: { 'data-testid': `${testId}-rule-${index}-arg-${argIndex}` } }}
              sx={{ width: entry.name === 'pattern' ? 240 : 120 }}
            />
          ))}
          <LabelledIconButton
            label={translate('templateEditor.form.remove_rule')}
            icon={DeleteIcon}
            onClick={() => onChange(rules.filter((_, i) => i !== index))}
            testId={`${testId}-rule-${index}-remove`}
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
