/**
 * The form-based editor for the whole template format: the template's id, type, icon, labels and description; groups
 * (add, reorder, repeatable with minimum and maximum, collapsed, help); fields (add, reorder, type, labels in five
 * languages, help, placeholder, unit, rules, default, options with data, show/hide condition); results with formulas;
 * list columns and filters; import aliases. Every change rewrites the same JSON; each concern has its own component.
 */
import {
  Box,
  Checkbox,
  Card,
  CardContent,
  FormControlLabel,
  MenuItem,
  Radio,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { knownFieldType } from '../../core/field-types';
import type { LocalizedText } from '../../core/languages';
import {
  FIELD_TYPES,
  TEMPLATE_TYPES,
  type Field,
  type FieldOption,
  type Group,
  type Result,
} from '../../core/template';
import { move, newField, newGroup, newResult, type EditableTemplate } from './definitionEdits';
import { AddButton } from './AddButton';
import { AliasesEditor } from './AliasesEditor';
import { CategoryPicker } from './CategoryPicker';
import { ConditionEditor } from './ConditionEditor';
import { DefaultInput } from './DefaultInput';
import { conditionCandidates } from './formModel';
import { FormulaInput } from './FormulaInput';
import { GroupSettings } from './GroupSettings';
import { IconPicker } from './IconPicker';
import { ListSettingsEditor } from './ListSettingsEditor';
import { MethodEditor } from './MethodEditor';
import { LocalizedInputs, OptionalTexts, type OptionalTextKey } from './LocalizedInputs';
import { OptionsEditor } from './OptionsEditor';
import { OrderButtons } from './OrderButtons';
import { RulesEditor } from './RulesEditor';
import { UnitPicker } from './UnitPicker';
import { EditorSelect, small } from './EditorSelect';
import { ConstantsEditor } from './ConstantsEditor';
import { FaultsAt } from './FaultsAt';
import type { TemplateConstant } from '../../core/template';
import { FieldNameInput, renameInDraft } from './FieldNameInput';
import { useRemovalConfirm } from './useRemovalConfirm';

type RemovalConfirm = ReturnType<typeof useRemovalConfirm>;

type Update = (change: (draft: EditableTemplate) => void) => void;

/** Sets or removes an optional text of a template part, keeping the others. */
function withText<T extends object>(owner: T, key: OptionalTextKey, text: LocalizedText | undefined): T {
  const next = { ...owner } as Record<string, unknown>;
  if (text === undefined) delete next[key];
  else next[key] = text;
  return next as T;
}

const Section = ({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) => (
  <Box sx={{ mt: 2 }}>
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {action}
    </Box>
    {children}
  </Box>
);

/** A template part's label and the optional texts it may carry (help, placeholder, description), five languages each. */
function PartTexts<T extends { label?: LocalizedText } & Partial<Record<OptionalTextKey, LocalizedText>>>({
  part,
  keys,
  testId,
  onChange,
}: {
  part: T;
  keys: OptionalTextKey[];
  testId: string;
  onChange: (part: T) => void;
}) {
  const translate = useTranslate();
  return (
    <>
      <LocalizedInputs
        label={translate('templateEditor.form.label')}
        testId={`${testId}-label`}
        value={part.label}
        onChange={(label) => onChange({ ...part, label })}
      />
      <OptionalTexts
        owner={part}
        keys={keys}
        testId={testId}
        onChange={(key, text) => onChange(withText(part, key, text))}
      />
    </>
  );
}

/** A part's key (a field's or a result's name, a group's id): what formulas, conditions and imports refer to it by. */
const PartKeyInput = ({
  label,
  value,
  testId,
  onChange,
}: {
  label: string;
  value: string | undefined;
  testId: string;
  onChange: (value: string) => void;
}) => (
  <TextField
    {...small}
    label={label}
    value={value ?? ''}
    onChange={(e) => onChange(e.target.value)}
    slotProps={{ htmlInput: { 'data-testid': testId } }}
    sx={{ width: 160 }}
  />
);

type PartList = 'groups' | 'results';
type PartOf<K extends PartList> = NonNullable<EditableTemplate[K]>[number];

/**
 * The edits of the group or result at `index`, each written back into the definition at that index: change a copy of
 * it, put a whole new one there, or move or remove it (`removable` false keeps the last group).
 */
function partAt<K extends PartList>(update: Update, list: K, index: number, removable = true) {
  const write = (next: (current: PartOf<K>) => PartOf<K>) =>
    update((draft) => {
      const parts = (draft[list] ?? []) as PartOf<K>[];
      parts[index] = next(parts[index]!);
      draft[list] = parts as EditableTemplate[K];
    });
  const reorder = (next: (parts: PartOf<K>[]) => PartOf<K>[]) =>
    update((draft) => {
      draft[list] = next((draft[list] ?? []) as PartOf<K>[]) as EditableTemplate[K];
    });
  return {
    change: (edit: (part: PartOf<K>) => void) =>
      write((current) => {
        const next = { ...current };
        edit(next);
        return next;
      }),
    replace: (next: PartOf<K>) => write(() => next),
    order: {
      onUp: () => reorder((parts) => move(parts, index, index - 1)),
      onDown: () => reorder((parts) => move(parts, index, index + 1)),
      onRemove: () => removable && reorder((parts) => parts.filter((_, i) => i !== index)),
    },
  };
}

/** What a group or a result is referred to by (formulas, conditions, imports), and the label of its input. */
const PART_KEYS = {
  groups: { key: 'id', label: 'templateEditor.form.group_id' },
  results: { key: 'name', label: 'templateEditor.form.name' },
} as const;

/**
 * A group or a result as a card: its key and the other head inputs beside the move and remove buttons, then the rest
 * of it.
 */
function PartCard<K extends PartList>({
  list,
  part,
  change,
  testId,
  head,
  order,
  children,
}: {
  list: K;
  part: PartOf<K>;
  change: ReturnType<typeof partAt<K>>['change'];
  testId: string;
  /** What the head shows after the key. */
  head?: ReactNode;
  order: Omit<Parameters<typeof OrderButtons>[0], 'testId'>;
  children: ReactNode;
}) {
  const translate = useTranslate();
  const { key, label } = PART_KEYS[list];
  // Both keys are optional texts (a group's id, a result's name).
  const keyed = (of: PartOf<K>) => of as Record<typeof key, string | undefined>;
  return (
    <Card variant="outlined" sx={{ mt: 1 }} data-testid={testId}>
      <CardContent sx={{ pb: '8px !important' }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}>
          <PartKeyInput
            label={translate(label)}
            value={keyed(part)[key]}
            testId={`${testId}-${key}`}
            onChange={(value) => change((of) => (keyed(of)[key] = value))}
          />
          {head}
          <Box sx={{ flex: 1 }} />
          <OrderButtons testId={testId} {...order} />
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

const FieldEditor = ({
  field,
  testId,
  pointer,
  candidates,
  onChange,
  onRename,
  onOptions,
}: {
  field: Partial<Field>;
  testId: string;
  /** Where the field sits in the definition: its faults are shown here. */
  pointer: string;
  candidates: readonly Field[];
  onChange: (field: Partial<Field>) => void;
  /** A new name: the field and every reference to it (FieldNameInput). */
  onRename: (name: string) => void;
  /** New options; a removal is confirmed first. */
  onOptions: (options: FieldOption[]) => void;
}) => {
  const translate = useTranslate();
  const set = <K extends keyof Field>(key: K, value: Field[K] | undefined) => {
    const next = { ...field };
    if (value === undefined || (Array.isArray(value) && value.length === 0 && key === 'rules')) delete next[key];
    else next[key] = value as never;
    onChange(next);
  };
  const { choices } = knownFieldType(field.type) ?? {};
  return (
    <Box sx={{ flex: 1 }}>
      <FaultsAt pointer={pointer} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
        <FieldNameInput
          label={translate('templateEditor.form.name')}
          value={field.name}
          testId={`${testId}-name`}
          onCommit={onRename}
        />
        <EditorSelect
          label={translate('templateEditor.form.type')}
          value={field.type ?? 'text'}
          onChange={(type) => set('type', type as Field['type'])}
          choices={FIELD_TYPES.map((type) => ({ value: type, text: translate(`templateEditor.field_types.${type}`) }))}
          testId={`${testId}-type`}
          width={140}
        />
        <UnitPicker value={field.unit} onChange={(unit) => set('unit', unit)} testId={`${testId}-unit`} />
        <DefaultInput field={field} testId={`${testId}-default`} onChange={(value) => set('default', value)} />
        {choices === 'factors' ? (
          <CategoryPicker
            value={field.category}
            onChange={(category) => set('category', category)}
            testId={`${testId}-category`}
          />
        ) : null}
      </Box>
      <PartTexts part={field} keys={['help', 'placeholder']} testId={testId} onChange={onChange} />
      <RulesEditor rules={field.rules ?? []} onChange={(rules) => set('rules', rules)} testId={testId} />
      {choices === 'options' ? <OptionsEditor field={field} testId={testId} onChange={onOptions} /> : null}
      <ConditionEditor
        value={field.visibleIf}
        candidates={candidates}
        testId={testId}
        onChange={(visibleIf) => set('visibleIf', visibleIf)}
      />
      <FormControlLabel
        control={
          <Checkbox
            size="small"
            checked={field.informational === true}
            onChange={(event) => set('informational', event.target.checked ? true : undefined)}
            slotProps={{ input: { 'data-testid': `${testId}-informational` } as object }}
          />
        }
        label={translate('templateEditor.form.informational')}
      />
    </Box>
  );
};

const GroupEditor = ({
  definition,
  group,
  index,
  count,
  update,
  removal,
}: {
  definition: EditableTemplate;
  group: Partial<Group>;
  index: number;
  count: number;
  update: Update;
  removal: RemovalConfirm;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const testId = `te-group-${index}`;
  /** The definition as it would be with this group's fields replaced (what a removal is asked about). */
  const withFields = (next: Partial<Field>[]): EditableTemplate => {
    const after = structuredClone(definition);
    after.groups![index] = { ...after.groups![index], fields: next as Field[] };
    return after;
  };
  const { change: setGroup, replace: replaceGroup, order } = partAt(update, 'groups', index, count > 1);
  const fields = group.fields ?? [];
  return (
    <PartCard list="groups" part={group} change={setGroup} testId={testId} order={order}>
      <FaultsAt pointer={`/groups/${index}`} except={[`/groups/${index}/fields/`]} />
      <GroupSettings group={group} testId={testId} onChange={replaceGroup} />
      <PartTexts part={group} keys={['help']} testId={testId} onChange={replaceGroup} />
      {fields.map((field, fieldIndex) => (
        <Box
          key={fieldIndex}
          sx={{ display: 'flex', gap: 1, mt: 1, pt: 1, borderTop: 1, borderColor: 'divider' }}
          data-testid={`te-field-${index}-${fieldIndex}`}
        >
          <FieldEditor
            field={field}
            testId={`te-field-${index}-${fieldIndex}`}
            pointer={`/groups/${index}/fields/${fieldIndex}`}
            candidates={conditionCandidates(definition, group, field.name)}
            onChange={(next) =>
              setGroup((g) => (g.fields = fields.map((f, i) => (i === fieldIndex ? (next as Field) : f))))
            }
            onRename={(name) =>
              update((draft) => {
                const ref = { group: group.repeatable ? group.id : undefined, name: field.name ?? '' };
                const followed = renameInDraft(draft, ref, name);
                if (followed > 0)
                  notify(translate('impact.renamed', { from: ref.name, to: name, smart_count: followed }), {
                    type: 'info',
                  });
              })
            }
            onOptions={(options) => {
              const next = fields.map((f, i) => (i === fieldIndex ? { ...f, options } : f));
              const apply = () => setGroup((g) => (g.fields = next));
              const kept = new Set(options.map((option) => option.value));
              const removed = (field.options ?? []).find((option) => !kept.has(option.value));
              if (removed && options.length < (field.options ?? []).length)
                removal.askOption(removed.value, withFields(next), apply);
              else apply();
            }}
          />
          <OrderButtons
            testId={`te-field-${index}-${fieldIndex}`}
            onUp={() => setGroup((g) => (g.fields = move(fields, fieldIndex, fieldIndex - 1)))}
            onDown={() => setGroup((g) => (g.fields = move(fields, fieldIndex, fieldIndex + 1)))}
            onRemove={() => {
              const next = fields.filter((_, i) => i !== fieldIndex);
              removal.askField(
                { group: group.repeatable ? group.id : undefined, name: field.name ?? '' },
                withFields(next),
                () => setGroup((g) => (g.fields = next)),
              );
            }}
          />
        </Box>
      ))}
      <AddButton
        label={translate('templateEditor.form.add_field')}
        testId={`${testId}-add-field`}
        onClick={() =>
          update((draft) => {
            const groups = draft.groups ?? [];
            groups[index] = { ...groups[index], fields: [...(groups[index]?.fields ?? []), newField(draft)] };
          })
        }
      />
    </PartCard>
  );
};

const ResultEditor = ({
  definition,
  result,
  index,
  update,
}: {
  definition: EditableTemplate;
  result: Partial<Result>;
  index: number;
  update: Update;
}) => {
  const translate = useTranslate();
  const testId = `te-result-${index}`;
  const { change: setResult, replace: replaceResult, order } = partAt(update, 'results', index);
  return (
    <PartCard
      list="results"
      part={result}
      change={setResult}
      testId={testId}
      order={order}
      head={
        <>
          <UnitPicker
            value={result.unit}
            onChange={(unit) => setResult((r) => (r.unit = unit ?? ''))}
            testId={`${testId}-unit`}
          />
          <FormControlLabel
            control={
              <Radio
                checked={result.primary === true}
                onChange={() =>
                  update((draft) => {
                    draft.results = (draft.results ?? []).map((r, i) => {
                      const { primary: _primary, ...rest } = r;
                      return i === index ? { ...rest, primary: true } : rest;
                    });
                  })
                }
                slotProps={{ input: { 'data-testid': `${testId}-primary` } as object }}
              />
            }
            label={translate('templateEditor.form.primary')}
          />
        </>
      }
    >
      <FaultsAt pointer={`/results/${index}`} />
      <FormulaInput
        definition={definition}
        result={result}
        testId={testId}
        onChange={(formula) => setResult((r) => (r.formula = formula))}
      />
      <PartTexts part={result} keys={['help']} testId={testId} onChange={replaceResult} />
    </PartCard>
  );
};

/** Parts of the template that show their own faults; the head shows the rest (id, labels, icon, a missing list). */
const PARTS_WITH_OWN_FAULTS = ['/groups/', '/results', '/constants', '/method', '/list', '/import'];

export interface FormEditorProps {
  definition: EditableTemplate;
  onChange: (definition: EditableTemplate) => void;
}

export const FormEditor = ({ definition, onChange }: FormEditorProps) => {
  const translate = useTranslate();
  const removal = useRemovalConfirm(definition);
  const update: Update = (change) => {
    const draft = structuredClone(definition);
    change(draft);
    onChange(draft);
  };
  /** A key the format wants absent rather than empty: set while there is something, dropped otherwise. */
  const setOptional = <K extends 'method' | 'import' | 'constants'>(key: K, value: EditableTemplate[K] | undefined) =>
    update((d) => {
      if (value) d[key] = value;
      else delete d[key];
    });
  const groups = definition.groups ?? [];
  const results = definition.results ?? [];
  const constants = definition.constants ?? [];
  return (
    <Box data-testid="form-editor">
      {removal.dialog}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        <TextField
          {...small}
          label={translate('templateEditor.form.id')}
          value={definition.id ?? ''}
          onChange={(e) => update((d) => (d.id = e.target.value))}
          slotProps={{ htmlInput: { 'data-testid': 'te-id' } }}
          sx={{ width: 200 }}
        />
        <TextField
          {...small}
          select
          label={translate('templateEditor.form.template_type')}
          value={definition.type ?? 'product'}
          onChange={(e) => update((d) => (d.type = e.target.value as EditableTemplate['type']))}
          slotProps={{ htmlInput: { 'data-testid': 'te-type' } }}
          sx={{ width: 140 }}
        >
          {TEMPLATE_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {translate(`templateEditor.template_types.${type}`)}
            </MenuItem>
          ))}
        </TextField>
        <IconPicker value={definition.icon} onChange={(icon) => update((d) => (d.icon = icon))} />
      </Stack>
      <PartTexts part={definition} keys={['description']} testId="te" onChange={onChange} />
      <FaultsAt pointer="" except={PARTS_WITH_OWN_FAULTS} />

      <Section
        title={translate('templateEditor.form.groups')}
        action={
          <Box>
            <AddButton
              label={translate('templateEditor.form.add_group')}
              onClick={() => update((d) => (d.groups = [...(d.groups ?? []), newGroup(d, false)]))}
              testId="te-add-group"
            />
            <AddButton
              label={translate('templateEditor.form.add_repeatable_group')}
              onClick={() => update((d) => (d.groups = [...(d.groups ?? []), newGroup(d, true)]))}
              testId="te-add-repeatable-group"
            />
          </Box>
        }
      >
        {groups.map((group, index) => (
          <GroupEditor
            key={index}
            definition={definition}
            group={group}
            index={index}
            count={groups.length}
            update={update}
            removal={removal}
          />
        ))}
      </Section>

      <Section
        title={translate('templateEditor.form.results')}
        action={
          <AddButton
            label={translate('templateEditor.form.add_result')}
            onClick={() => update((d) => (d.results = [...(d.results ?? []), newResult(d)]))}
            testId="te-add-result"
          />
        }
      >
        <FaultsAt pointer="/results" except={['/results/']} />
        {results.map((result, index) => (
          <ResultEditor key={index} definition={definition} result={result} index={index} update={update} />
        ))}
      </Section>

      <Section title={translate('templateEditor.constants.title')}>
        <FaultsAt pointer="/constants" except={constants.map((_, i) => `/constants/${i}`)} />
        <ConstantsEditor
          constants={constants}
          takenNames={[
            ...groups.flatMap((group) => [group.id ?? '', ...(group.fields ?? []).map((field) => field.name ?? '')]),
            ...results.map((result) => result.name ?? ''),
          ]}
          onChange={(next) => setOptional('constants', next as TemplateConstant[] | undefined)}
        />
      </Section>

      <Section title={translate('calculations.method.title')}>
        <FaultsAt pointer="/method" />
        <MethodEditor definition={definition} onChange={(method) => setOptional('method', method)} />
      </Section>

      <Section title={translate('templateEditor.form.list')}>
        <FaultsAt pointer="/list" />
        <ListSettingsEditor definition={definition} onChange={(list) => update((d) => (d.list = list))} />
      </Section>

      <Section title={translate('templateEditor.authoring.aliases')}>
        <FaultsAt pointer="/import" />
        <AliasesEditor definition={definition} onChange={(settings) => setOptional('import', settings)} />
      </Section>
    </Box>
  );
};
