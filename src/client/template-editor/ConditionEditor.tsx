/**
 * A field's show/hide condition (`visibleIf`) built by picking: field, operator, value (an option of a choice field,
 * a number, a text; yes/no fields take "is yes"/"is no"), clauses joined by "all" or "any". It writes the condition
 * language of core/template/visibility.ts; a condition the picks cannot express stays its expression, editable as text.
 */
import { Box, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { knownFieldType } from '../../core/field-types';
import type { Field } from '../../core/template';
import { useLanguage } from '../i18n/useLanguage';
import { AddButton } from './AddButton';
import { conditionModel, conditionText, type ClauseOperator, type ConditionClause } from './formModel';
import { NumberDraftInput } from './NumberDraftInput';
import { EditorSelect, small } from './EditorSelect';
import { RemoveButton } from './OrderButtons';

const OPERATOR_KEYS: Record<ClauseOperator, string> = {
  '==': 'eq',
  '!=': 'ne',
  '<': 'lt',
  '<=': 'le',
  '>': 'gt',
  '>=': 'ge',
  yes: 'yes',
  no: 'no',
};

/** A condition on a single choice of the field's options compares with one of them. */
function choosesOption(field: Field): boolean {
  const type = knownFieldType(field.type);
  return type?.choices === 'options' && type.kind === 'string';
}

function operatorsFor(field: Field | undefined): ClauseOperator[] {
  const kind = knownFieldType(field?.type)?.kind;
  if (kind === 'boolean') return ['yes', 'no'];
  if (kind === 'number') return ['==', '!=', '<', '<=', '>', '>='];
  return ['==', '!='];
}

/** The clause for `field`, keeping the operator and value where they still fit. */
function clauseFor(field: Field, previous?: ConditionClause): ConditionClause {
  const ops = operatorsFor(field);
  const op = previous && ops.includes(previous.op) ? previous.op : ops[0]!;
  if (op === 'yes' || op === 'no') return { field: field.name, op };
  const numeric = knownFieldType(field.type)?.kind === 'number';
  const offered = choosesOption(field);
  const fits =
    previous?.value !== undefined &&
    (numeric ? typeof previous.value === 'number' : typeof previous.value === 'string') &&
    (!offered || (field.options ?? []).some((option) => option.value === previous.value));
  const value = fits ? previous!.value : numeric ? 0 : offered ? (field.options?.[0]?.value ?? '') : '';
  return { field: field.name, op, value };
}

const ClauseInputs = ({
  clause,
  candidates,
  testId,
  onChange,
  onRemove,
}: {
  clause: ConditionClause;
  candidates: readonly Field[];
  testId: string;
  onChange: (clause: ConditionClause) => void;
  onRemove: () => void;
}) => {
  const translate = useTranslate();
  const lang = useLanguage();
  const field = candidates.find((candidate) => candidate.name === clause.field);
  const names = candidates.map((candidate) => candidate.name);
  const ops = operatorsFor(field);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', columnGap: 1, flexWrap: 'wrap' }} data-testid={testId}>
      <EditorSelect
        label={translate('templateEditor.authoring.condition_field')}
        value={clause.field}
        onChange={(name) => {
          const next = candidates.find((candidate) => candidate.name === name);
          if (next) onChange(clauseFor(next, clause));
        }}
        choices={(names.includes(clause.field) ? names : [clause.field, ...names]).map((name) => {
          const candidate = candidates.find((c) => c.name === name);
          return { value: name, text: candidate ? `${candidate.label?.[lang] ?? name} (${name})` : name };
        })}
        testId={`${testId}-field`}
        width={180}
      />
      <EditorSelect
        label={translate('templateEditor.authoring.condition_operator')}
        value={clause.op}
        onChange={(value) => {
          const op = value as ClauseOperator;
          onChange(field ? clauseFor(field, { ...clause, op }) : { ...clause, op });
        }}
        choices={(ops.includes(clause.op) ? ops : [clause.op, ...ops]).map((op) => ({
          value: op,
          text: translate(`templateEditor.authoring.operators.${OPERATOR_KEYS[op]}`),
        }))}
        testId={`${testId}-op`}
        width={150}
      />
      {clause.op === 'yes' || clause.op === 'no' ? null : field && choosesOption(field) ? (
        <EditorSelect
          label={translate('templateEditor.authoring.condition_value')}
          value={String(clause.value ?? '')}
          onChange={(value) => onChange({ ...clause, value })}
          choices={(field.options ?? []).map((option) => ({
            value: option.value,
            text: `${option.label?.[lang] ?? option.value} (${option.value})`,
          }))}
          testId={`${testId}-value`}
          width={180}
        />
      ) : typeof clause.value === 'number' || knownFieldType(field?.type)?.kind === 'number' ? (
        <NumberDraftInput
          label={translate('templateEditor.authoring.condition_value')}
          value={typeof clause.value === 'number' ? clause.value : undefined}
          onChange={(value) => onChange({ ...clause, value: value ?? 0 })}
          testId={`${testId}-value`}
          width={120}
        />
      ) : (
        <TextField
          {...small}
          label={translate('templateEditor.authoring.condition_value')}
          value={String(clause.value ?? '')}
          onChange={(e) => onChange({ ...clause, value: e.target.value })}
          slotProps={{ htmlInput: { 'data-testid': `${testId}-value` } }}
          sx={{ width: 160 }}
        />
      )}
      <RemoveButton label={translate('templateEditor.authoring.remove_clause')} onClick={onRemove} testId={testId} />
    </Box>
  );
};

export const ConditionEditor = ({
  value,
  candidates,
  testId,
  onChange,
}: {
  value: string | undefined;
  /** The fields the condition may read (core: its own level). */
  candidates: readonly Field[];
  testId: string;
  onChange: (visibleIf: string | undefined) => void;
}) => {
  const translate = useTranslate();
  const model = conditionModel(value);
  if ('expression' in model) {
    return (
      <TextField
        {...small}
        fullWidth
        label={translate('templateEditor.authoring.condition_expression')}
        helperText={translate('templateEditor.authoring.condition_expression_help')}
        value={model.expression}
        onChange={(e) => onChange(e.target.value || undefined)}
        slotProps={{
          htmlInput: { 'data-testid': `${testId}-condition-expression`, style: { fontFamily: 'monospace' } },
        }}
      />
    );
  }
  const write = (clauses: ConditionClause[], join = model.join) =>
    onChange(clauses.length ? conditionText({ join, clauses }) : undefined);
  const first = candidates[0];
  return (
    <Box data-testid={`${testId}-condition`} sx={{ my: 0.5 }}>
      {model.clauses.length ? (
        <Box sx={{ display: 'flex', alignItems: 'center', columnGap: 1 }}>
          <Typography variant="caption" color="text.secondary">
            {translate('templateEditor.authoring.condition')}
          </Typography>
          {model.clauses.length > 1 ? (
            <EditorSelect
              ariaLabel={translate('templateEditor.authoring.condition_join')}
              value={model.join}
              onChange={(join) => write(model.clauses, join as '&&' | '||')}
              choices={[
                { value: '&&', text: translate('templateEditor.authoring.join_all') },
                { value: '||', text: translate('templateEditor.authoring.join_any') },
              ]}
              testId={`${testId}-condition-join`}
              width={220}
            />
          ) : null}
        </Box>
      ) : null}
      {model.clauses.map((clause, index) => (
        <ClauseInputs
          key={index}
          clause={clause}
          candidates={candidates}
          testId={`${testId}-clause-${index}`}
          onChange={(next) => write(model.clauses.map((c, i) => (i === index ? next : c)))}
          onRemove={() => write(model.clauses.filter((_, i) => i !== index))}
        />
      ))}
      <AddButton
        label={translate(
          model.clauses.length ? 'templateEditor.authoring.add_clause' : 'templateEditor.authoring.add_condition',
        )}
        disabled={!first}
        onClick={() => first && write([...model.clauses, clauseFor(first)])}
        testId={`${testId}-add-clause`}
      />
    </Box>
  );
};
