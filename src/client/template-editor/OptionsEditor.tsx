/**
 * The options of a choice field: value, label in five languages, and the data a formula reads as
 * `option('field').key`, each entry typed (number, text, yes/no) so `80` stays a number and `true` a boolean. A number
 * carries its source (`dataSources`), which the checker asks for once a formula reads it.
 */
import { Box, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Field, FieldOption } from '../../core/template';
import { AddButton } from './AddButton';
import { freeName, move, newOption } from './definitionEdits';
import { convertData, dataEntries, dataFromEntries, type DataEntry, type DataKind } from './formModel';
import { LocalizedInputs } from './LocalizedInputs';
import { NumberDraftInput } from './NumberDraftInput';
import { OrderButtons, RemoveButton } from './OrderButtons';
import { EditorSelect, small } from './EditorSelect';
import { OptionFactorPicker } from './OptionFactorPicker';

const KINDS: DataKind[] = ['number', 'text', 'boolean'];

interface DataEntryInputsProps {
  entry: DataEntry;
  source: string | undefined;
  testId: string;
  onChange: (entry: DataEntry, source: string | undefined) => void;
  onRemove: () => void;
}

const DataEntryInputs = ({ entry, source, testId, onChange: change, onRemove }: DataEntryInputsProps) => {
  const translate = useTranslate();
  const onChange = (next: DataEntry) => change(next, source);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', columnGap: 1, flexWrap: 'wrap' }} data-testid={testId}>
      <TextField
        {...small}
        label={translate('templateEditor.authoring.data_key')}
        value={entry.key}
        onChange={(e) => onChange({ ...entry, key: e.target.value.trim() })}
        slotProps={{ htmlInput: { 'data-testid': `${testId}-key` } }}
        sx={{ width: 140 }}
      />
      <EditorSelect
        label={translate('templateEditor.authoring.data_kind')}
        value={entry.kind}
        onChange={(value) => {
          const kind = value as DataKind;
          onChange({ ...entry, kind, value: convertData(entry.value, kind) });
        }}
        choices={KINDS.map((kind) => ({ value: kind, text: translate(`templateEditor.authoring.kinds.${kind}`) }))}
        testId={`${testId}-kind`}
        width={110}
      />
      {entry.kind === 'number' ? (
        <NumberDraftInput
          label={translate('templateEditor.authoring.data_value')}
          value={typeof entry.value === 'number' ? entry.value : undefined}
          onChange={(value) => onChange({ ...entry, value: value ?? 0 })}
          testId={`${testId}-value`}
        />
      ) : entry.kind === 'boolean' ? (
        <EditorSelect
          label={translate('templateEditor.authoring.data_value')}
          value={String(entry.value)}
          onChange={(value) => onChange({ ...entry, value: value === 'true' })}
          choices={[
            { value: 'true', text: translate('templateEditor.authoring.yes') },
            { value: 'false', text: translate('templateEditor.authoring.no') },
          ]}
          testId={`${testId}-value`}
          width={110}
        />
      ) : (
        <TextField
          {...small}
          label={translate('templateEditor.authoring.data_value')}
          value={String(entry.value)}
          onChange={(e) => onChange({ ...entry, value: e.target.value })}
          slotProps={{ htmlInput: { 'data-testid': `${testId}-value` } }}
          sx={{ width: 160 }}
        />
      )}
      {entry.kind === 'number' || source !== undefined ? (
        <TextField
          {...small}
          label={translate('templateEditor.authoring.data_source')}
          value={source ?? ''}
          onChange={(e) => change(entry, e.target.value === '' ? undefined : e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': `${testId}-source` } }}
          sx={{ flex: 1, minWidth: 200 }}
        />
      ) : null}
      <RemoveButton label={translate('templateEditor.authoring.remove_data')} onClick={onRemove} testId={testId} />
    </Box>
  );
};

/** The data of one option; a new entry takes a key the other options already carry and this one lacks. */
const OptionData = ({
  option,
  siblings,
  testId,
  onChange,
}: {
  option: FieldOption;
  siblings: readonly FieldOption[];
  testId: string;
  onChange: (option: FieldOption) => void;
}) => {
  const translate = useTranslate();
  const entries = dataEntries(option.data);
  const sources = option.dataSources ?? {};
  const entrySources = entries.map((entry) => (Object.hasOwn(sources, entry.key) ? sources[entry.key] : undefined));
  const write = (next: DataEntry[], nextSources: readonly (string | undefined)[] = entrySources) => {
    const { data: _data, dataSources: _sources, ...rest } = option;
    const data = dataFromEntries(next);
    // A source for a key no entry has (written by hand in the JSON) stays as it is.
    const kept = Object.entries(sources).filter(([key]) => !entries.some((entry) => entry.key === key));
    const written = next.flatMap((entry, i) =>
      nextSources[i] === undefined ? [] : [[entry.key, nextSources[i]] as const],
    );
    const dataSources = Object.fromEntries([...kept, ...written]);
    onChange({ ...rest, ...(data ? { data } : {}), ...(Object.keys(dataSources).length ? { dataSources } : {}) });
  };
  const addEntry = () => {
    const taken = entries.map((entry) => entry.key);
    // Every option must carry a key a formula reads: offer the others' keys first, with their kind.
    const shared = siblings.flatMap((other) => dataEntries(other.data)).find((entry) => !taken.includes(entry.key));
    write(
      [
        ...entries,
        shared
          ? { key: shared.key, kind: shared.kind, value: convertData('', shared.kind) }
          : { key: freeName('value', taken), kind: 'number', value: 0 },
      ],
      [...entrySources, undefined],
    );
  };
  return (
    <Box sx={{ pl: 2 }}>
      {entries.length ? (
        <Typography variant="caption" color="text.secondary">
          {translate('templateEditor.authoring.option_data')}
        </Typography>
      ) : null}
      {entries.map((entry, index) => (
        <DataEntryInputs
          key={index}
          entry={entry}
          source={entrySources[index]}
          testId={`${testId}-data-${index}`}
          onChange={(next, source) =>
            write(
              entries.map((e, i) => (i === index ? next : e)),
              entrySources.map((s, i) => (i === index ? source : s)),
            )
          }
          onRemove={() =>
            write(
              entries.filter((_, i) => i !== index),
              entrySources.filter((_, i) => i !== index),
            )
          }
        />
      ))}
      <AddButton
        label={translate('templateEditor.authoring.add_data')}
        onClick={addEntry}
        testId={`${testId}-add-data`}
      />
    </Box>
  );
};

export const OptionsEditor = ({
  field,
  testId,
  onChange,
}: {
  field: Partial<Field>;
  testId: string;
  onChange: (options: FieldOption[]) => void;
}) => {
  const translate = useTranslate();
  const options = field.options ?? [];
  const replace = (index: number, option: FieldOption) => onChange(options.map((o, i) => (i === index ? option : o)));
  return (
    <Box sx={{ pl: 2, borderLeft: 2, borderColor: 'divider', my: 1 }} data-testid={`${testId}-options`}>
      <Typography variant="caption" color="text.secondary">
        {translate('templateEditor.form.options')}
        {field.type === 'select' ? ` · ${translate('templateEditor.authoring.option_factor_help')}` : ''}
      </Typography>
      {options.map((option, index) => (
        <Box key={index} sx={{ borderBottom: 1, borderColor: 'divider', pb: 0.5 }}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <TextField
              {...small}
              label={translate('templateEditor.form.option_value')}
              value={option.value}
              onChange={(event) => replace(index, { ...option, value: event.target.value })}
              slotProps={{ htmlInput: { 'data-testid': `${testId}-option-${index}-value` } }}
              sx={{ width: 140 }}
            />
            {field.type === 'select' ? (
              <OptionFactorPicker
                value={option.factor}
                onChange={(factor) => {
                  const { factor: _factor, ...rest } = option;
                  replace(index, factor ? { ...rest, factor } : rest);
                }}
                testId={`${testId}-option-${index}-factor`}
              />
            ) : null}
            <Box sx={{ flex: 1 }} />
            <OrderButtons
              testId={`${testId}-option-${index}`}
              onUp={() => onChange(move(options, index, index - 1))}
              onDown={() => onChange(move(options, index, index + 1))}
              onRemove={() => onChange(options.filter((_, i) => i !== index))}
            />
          </Box>
          {/* The label below the value, full width: five languages side by side. */}
          <LocalizedInputs
            label={translate('templateEditor.form.label')}
            testId={`${testId}-option-${index}-label`}
            value={option.label}
            onChange={(label) => replace(index, { ...option, label })}
          />
          <OptionData
            option={option}
            siblings={options.filter((_, i) => i !== index)}
            testId={`${testId}-option-${index}`}
            onChange={(next) => replace(index, next)}
          />
        </Box>
      ))}
      <AddButton
        label={translate('templateEditor.form.add_option')}
        onClick={() => onChange([...options, newOption(field)])}
        testId={`${testId}-add-option`}
      />
    </Box>
  );
};
