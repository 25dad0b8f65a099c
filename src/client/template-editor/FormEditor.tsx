/**
 * The form-based editor for the common changes: the template's id, type, icon and labels; groups
 * (add, reorder, repeatable); fields (add, reorder, type, labels in five languages, unit, rules,
 * default, options); results with formulas; list columns. Every change rewrites the same JSON.
 */
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, Card, CardContent, Checkbox, FormControlLabel, IconButton, MenuItem, Radio, Stack, TextField, Tooltip, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { LANGUAGES, type LocalizedText } from '../../core/languages';
import { FIELD_TYPES, TEMPLATE_TYPES, type Field, type FieldOption, type Group, type Result } from '../../core/template';
import {
  formatDefault,
  move,
  newField,
  newGroup,
  newOption,
  newResult,
  parseDefault,
  type EditableTemplate,
} from './definitionEdits';
import { CategoryPicker } from './CategoryPicker';
import { IconPicker } from './IconPicker';
import { RulesEditor } from './RulesEditor';
import { UnitPicker } from './UnitPicker';

type Update = (change: (draft: EditableTemplate) => void) => void;

const small = { size: 'small', margin: 'dense' } as const;

/** One label in the five languages: a caption, then one short input per language. */
const LocalizedInputs = ({ value, onChange, testId, label }: { value: Partial<LocalizedText> | undefined; onChange: (next: LocalizedText) => void; testId: string; label: string }) => (
  <Box role="group" aria-label={label} sx={{ mt: 0.5 }}>
    <Typography variant="caption" color="text.secondary">{label}</Typography>
    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))', columnGap: 1 }}>
      {LANGUAGES.map((lang) => (
        <TextField
          key={lang}
          size="small"
          margin="none"
          label={lang.toUpperCase()}
          value={value?.[lang] ?? ''}
          onChange={(event) => onChange({ ...(value as LocalizedText), [lang]: event.target.value })}
          slotProps={{ htmlInput: { 'data-testid': `${testId}-${lang}`, 'aria-label': `${label} (${lang})` } }}
        />
      ))}
    </Box>
  </Box>
);

const OrderButtons = ({ testId, onUp, onDown, onRemove }: { testId: string; onUp: () => void; onDown: () => void; onRemove: () => void }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', flexShrink: 0 }}>
      <Tooltip title={translate('templateEditor.form.move_up')}>
        <IconButton size="small" onClick={onUp} data-testid={`${testId}-up`} aria-label={translate('templateEditor.form.move_up')}><ArrowUpwardIcon fontSize="small" /></IconButton>
      </Tooltip>
      <Tooltip title={translate('templateEditor.form.move_down')}>
        <IconButton size="small" onClick={onDown} data-testid={`${testId}-down`} aria-label={translate('templateEditor.form.move_down')}><ArrowDownwardIcon fontSize="small" /></IconButton>
      </Tooltip>
      <Tooltip title={translate('templateEditor.form.remove')}>
        <IconButton size="small" onClick={onRemove} data-testid={`${testId}-remove`} aria-label={translate('templateEditor.form.remove')}><DeleteIcon fontSize="small" /></IconButton>
      </Tooltip>
    </Box>
  );
};

const Section = ({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) => (
  <Box sx={{ mt: 2 }}>
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>{title}</Typography>
      {action}
    </Box>
    {children}
  </Box>
);

const OptionsEditor = ({ field, testId, onChange }: { field: Partial<Field>; testId: string; onChange: (options: FieldOption[]) => void }) => {
  const translate = useTranslate();
  const options = field.options ?? [];
  return (
    <Box sx={{ pl: 2, borderLeft: 2, borderColor: 'divider', my: 1 }}>
      <Typography variant="caption" color="text.secondary">{translate('templateEditor.form.options')}</Typography>
      {options.map((option, index) => (
        <Box key={index} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <TextField
            {...small}
            label={translate('templateEditor.form.option_value')}
            value={option.value}
            onChange={(event) => onChange(options.map((o, i) => (i === index ? { ...o, value: event.target.value } : o)))}
            slotProps={{ htmlInput: { 'data-testid': `${testId}-option-${index}-value` } }}
            sx={{ width: 140 }}
          />
          <Box sx={{ flex: 1 }}>
            <LocalizedInputs
              label={translate('templateEditor.form.label')}
              testId={`${testId}-option-${index}-label`}
              value={option.label}
              onChange={(label) => onChange(options.map((o, i) => (i === index ? { ...o, label } : o)))}
            />
          </Box>
          <OrderButtons
            testId={`${testId}-option-${index}`}
            onUp={() => onChange(move(options, index, index - 1))}
            onDown={() => onChange(move(options, index, index + 1))}
            onRemove={() => onChange(options.filter((_, i) => i !== index))}
          />
        </Box>
      ))}
      <Button size="small" startIcon={<AddIcon />} onClick={() => onChange([...options, newOption(field)])} data-testid={`${testId}-add-option`}>
        {translate('templateEditor.form.add_option')}
      </Button>
    </Box>
  );
};

const FieldEditor = ({ field, testId, onChange }: { field: Partial<Field>; testId: string; onChange: (field: Partial<Field>) => void }) => {
  const translate = useTranslate();
  const set = <K extends keyof Field>(key: K, value: Field[K] | undefined) => {
    const next = { ...field };
    if (value === undefined || (Array.isArray(value) && value.length === 0 && key === 'rules')) delete next[key];
    else next[key] = value as never;
    onChange(next);
  };
  const choice = field.type === 'select' || field.type === 'multiselect';
  return (
    <Box sx={{ flex: 1 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
        <TextField {...small} label={translate('templateEditor.form.name')} value={field.name ?? ''} onChange={(e) => set('name', e.target.value)} slotProps={{ htmlInput: { 'data-testid': `${testId}-name` } }} sx={{ width: 160 }} />
        <TextField
          {...small}
          select
          label={translate('templateEditor.form.type')}
          value={field.type ?? 'text'}
          onChange={(e) => set('type', e.target.value as Field['type'])}
          slotProps={{ select: { native: true }, htmlInput: { 'data-testid': `${testId}-type` } }}
          sx={{ width: 140 }}
        >
          {FIELD_TYPES.map((type) => <option key={type} value={type}>{translate(`templateEditor.field_types.${type}`)}</option>)}
        </TextField>
        <UnitPicker value={field.unit} onChange={(unit) => set('unit', unit)} testId={`${testId}-unit`} />
        <TextField {...small} label={translate('templateEditor.form.default')} value={formatDefault(field.default)} onChange={(e) => set('default', parseDefault(field.type, e.target.value))} slotProps={{ htmlInput: { 'data-testid': `${testId}-default` } }} sx={{ width: 120 }} />
        {field.type === 'factor' ? (
          <CategoryPicker value={field.category} onChange={(category) => set('category', category)} testId={`${testId}-category`} />
        ) : null}
      </Box>
      <LocalizedInputs label={translate('templateEditor.form.label')} testId={`${testId}-label`} value={field.label} onChange={(label) => set('label', label)} />
      <RulesEditor rules={field.rules ?? []} onChange={(rules) => set('rules', rules)} testId={testId} />
      {choice ? <OptionsEditor field={field} testId={testId} onChange={(options) => set('options', options)} /> : null}
    </Box>
  );
};

const GroupEditor = ({ group, index, count, update }: { group: Partial<Group>; index: number; count: number; update: Update }) => {
  const translate = useTranslate();
  const testId = `te-group-${index}`;
  const setGroup = (change: (g: Partial<Group>) => void) =>
    update((draft) => {
      const groups = draft.groups ?? [];
      const next = { ...groups[index] };
      change(next);
      groups[index] = next;
      draft.groups = groups;
    });
  const fields = group.fields ?? [];
  return (
    <Card variant="outlined" sx={{ mt: 1 }} data-testid={testId}>
      <CardContent sx={{ pb: '8px !important' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <TextField {...small} label={translate('templateEditor.form.group_id')} value={group.id ?? ''} onChange={(e) => setGroup((g) => (g.id = e.target.value))} slotProps={{ htmlInput: { 'data-testid': `${testId}-id` } }} sx={{ width: 160 }} />
          <FormControlLabel
            control={
              <Checkbox
                checked={group.repeatable === true}
                onChange={(e) => setGroup((g) => {
                  if (e.target.checked) g.repeatable = true;
                  else delete g.repeatable;
                })}
                slotProps={{ input: { 'data-testid': `${testId}-repeatable` } as object }}
              />
            }
            label={translate('templateEditor.form.repeatable')}
          />
          <Box sx={{ flex: 1 }} />
          <OrderButtons
            testId={testId}
            onUp={() => update((d) => (d.groups = move(d.groups ?? [], index, index - 1)))}
            onDown={() => update((d) => (d.groups = move(d.groups ?? [], index, index + 1)))}
            onRemove={() => count > 1 && update((d) => (d.groups = (d.groups ?? []).filter((_, i) => i !== index)))}
          />
        </Box>
        <LocalizedInputs label={translate('templateEditor.form.label')} testId={`${testId}-label`} value={group.label} onChange={(label) => setGroup((g) => (g.label = label))} />
        {fields.map((field, fieldIndex) => (
          <Box key={fieldIndex} sx={{ display: 'flex', gap: 1, mt: 1, pt: 1, borderTop: 1, borderColor: 'divider' }} data-testid={`te-field-${index}-${fieldIndex}`}>
            <FieldEditor
              field={field}
              testId={`te-field-${index}-${fieldIndex}`}
              onChange={(next) => setGroup((g) => (g.fields = fields.map((f, i) => (i === fieldIndex ? (next as Field) : f))))}
            />
            <OrderButtons
              testId={`te-field-${index}-${fieldIndex}`}
              onUp={() => setGroup((g) => (g.fields = move(fields, fieldIndex, fieldIndex - 1)))}
              onDown={() => setGroup((g) => (g.fields = move(fields, fieldIndex, fieldIndex + 1)))}
              onRemove={() => setGroup((g) => (g.fields = fields.filter((_, i) => i !== fieldIndex)))}
            />
          </Box>
        ))}
        <Button size="small" startIcon={<AddIcon />} data-testid={`${testId}-add-field`} onClick={() => update((draft) => {
          const groups = draft.groups ?? [];
          groups[index] = { ...groups[index], fields: [...(groups[index]?.fields ?? []), newField(draft)] };
        })}>
          {translate('templateEditor.form.add_field')}
        </Button>
      </CardContent>
    </Card>
  );
};

const ResultEditor = ({ result, index, update }: { result: Partial<Result>; index: number; update: Update }) => {
  const translate = useTranslate();
  const testId = `te-result-${index}`;
  const setResult = (change: (r: Partial<Result>) => void) =>
    update((draft) => {
      const results = draft.results ?? [];
      const next = { ...results[index] };
      change(next);
      results[index] = next;
    });
  return (
    <Card variant="outlined" sx={{ mt: 1 }} data-testid={testId}>
      <CardContent sx={{ pb: '8px !important' }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}>
          <TextField {...small} label={translate('templateEditor.form.name')} value={result.name ?? ''} onChange={(e) => setResult((r) => (r.name = e.target.value))} slotProps={{ htmlInput: { 'data-testid': `${testId}-name` } }} sx={{ width: 160 }} />
          <UnitPicker value={result.unit} onChange={(unit) => setResult((r) => (r.unit = unit ?? ''))} testId={`${testId}-unit`} />
          <FormControlLabel
            control={<Radio checked={result.primary === true} onChange={() => update((draft) => {
              draft.results = (draft.results ?? []).map((r, i) => {
                const { primary: _primary, ...rest } = r;
                return i === index ? { ...rest, primary: true } : rest;
              });
            })} slotProps={{ input: { 'data-testid': `${testId}-primary` } as object }} />}
            label={translate('templateEditor.form.primary')}
          />
          <Box sx={{ flex: 1 }} />
          <OrderButtons
            testId={testId}
            onUp={() => update((d) => (d.results = move(d.results ?? [], index, index - 1)))}
            onDown={() => update((d) => (d.results = move(d.results ?? [], index, index + 1)))}
            onRemove={() => update((d) => (d.results = (d.results ?? []).filter((_, i) => i !== index)))}
          />
        </Box>
        <TextField
          {...small}
          fullWidth
          label={translate('templateEditor.form.formula')}
          helperText={translate('templateEditor.form.formula_help')}
          value={result.formula ?? ''}
          onChange={(e) => setResult((r) => (r.formula = e.target.value))}
          slotProps={{ htmlInput: { 'data-testid': `${testId}-formula`, style: { fontFamily: 'monospace' } } }}
        />
        <LocalizedInputs label={translate('templateEditor.form.label')} testId={`${testId}-label`} value={result.label} onChange={(label) => setResult((r) => (r.label = label))} />
      </CardContent>
    </Card>
  );
};

export interface FormEditorProps {
  definition: EditableTemplate;
  onChange: (definition: EditableTemplate) => void;
}

export const FormEditor = ({ definition, onChange }: FormEditorProps) => {
  const translate = useTranslate();
  const update: Update = (change) => {
    const draft = structuredClone(definition);
    change(draft);
    onChange(draft);
  };
  const groups = definition.groups ?? [];
  const results = definition.results ?? [];
  return (
    <Box data-testid="form-editor">
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        <TextField {...small} label={translate('templateEditor.form.id')} value={definition.id ?? ''} onChange={(e) => update((d) => (d.id = e.target.value))} slotProps={{ htmlInput: { 'data-testid': 'te-id' } }} sx={{ width: 200 }} />
        <TextField
          {...small}
          select
          label={translate('templateEditor.form.template_type')}
          value={definition.type ?? 'product'}
          onChange={(e) => update((d) => (d.type = e.target.value as EditableTemplate['type']))}
          slotProps={{ htmlInput: { 'data-testid': 'te-type' } }}
          sx={{ width: 140 }}
        >
          {TEMPLATE_TYPES.map((type) => <MenuItem key={type} value={type}>{translate(`templateEditor.template_types.${type}`)}</MenuItem>)}
        </TextField>
        <IconPicker value={definition.icon} onChange={(icon) => update((d) => (d.icon = icon))} />
      </Stack>
      <LocalizedInputs label={translate('templateEditor.form.label')} testId="te-label" value={definition.label} onChange={(label) => update((d) => (d.label = label))} />

      <Section
        title={translate('templateEditor.form.groups')}
        action={
          <Box>
            <Button size="small" startIcon={<AddIcon />} onClick={() => update((d) => (d.groups = [...(d.groups ?? []), newGroup(d, false)]))} data-testid="te-add-group">
              {translate('templateEditor.form.add_group')}
            </Button>
            <Button size="small" startIcon={<AddIcon />} onClick={() => update((d) => (d.groups = [...(d.groups ?? []), newGroup(d, true)]))} data-testid="te-add-repeatable-group">
              {translate('templateEditor.form.add_repeatable_group')}
            </Button>
          </Box>
        }
      >
        {groups.map((group, index) => <GroupEditor key={index} group={group} index={index} count={groups.length} update={update} />)}
      </Section>

      <Section
        title={translate('templateEditor.form.results')}
        action={
          <Button size="small" startIcon={<AddIcon />} onClick={() => update((d) => (d.results = [...(d.results ?? []), newResult(d)]))} data-testid="te-add-result">
            {translate('templateEditor.form.add_result')}
          </Button>
        }
      >
        {results.map((result, index) => <ResultEditor key={index} result={result} index={index} update={update} />)}
      </Section>

      <Section title={translate('templateEditor.form.list')}>
        <TextField
          {...small}
          fullWidth
          label={translate('templateEditor.form.list_columns')}
          helperText={translate('templateEditor.form.list_columns_help')}
          value={(definition.list?.columns ?? []).join(', ')}
          onChange={(e) => update((d) => (d.list = { ...d.list, columns: e.target.value.split(',').map((c) => c.trim()).filter(Boolean) }))}
          slotProps={{ htmlInput: { 'data-testid': 'te-list-columns' } }}
        />
      </Section>
    </Box>
  );
};
