/**
 * The template's named constants: numbers a formula needs that are not factors (a staple's mass, a yield), each with
 * its name (what formulas read), label in five languages, value, unit and source. The provenance tells them as
 * "Klammermasse 1,5 g (Quelle: …)" where a bare number would read "1.5".
 */
import { Box, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { sameText } from '../../core/languages';
import type { TemplateConstant } from '../../core/template';
import { AddButton } from './AddButton';
import { freeName, move } from './definitionEdits';
import { FaultsAt } from './FaultsAt';
import { LocalizedInputs } from './LocalizedInputs';
import { NumberDraftInput } from './NumberDraftInput';
import { OrderButtons } from './OrderButtons';
import { UnitPicker } from './UnitPicker';
import { small } from './EditorSelect';

/** A constant with a free name; its source is left for the admin to give (the checker asks for it). */
export function newConstant(taken: readonly string[]): TemplateConstant {
  const name = freeName('constant', taken);
  return { name, label: sameText(name), value: 0, source: '' };
}

export const ConstantsEditor = ({
  constants,
  takenNames,
  onChange,
}: {
  constants: readonly Partial<TemplateConstant>[];
  /** Names of fields, groups and results: a new constant takes none of them. */
  takenNames: readonly string[];
  /** An empty list removes the key: a template without constants stays as it was written. */
  onChange: (constants: Partial<TemplateConstant>[] | undefined) => void;
}) => {
  const translate = useTranslate();
  const write = (next: Partial<TemplateConstant>[]) => onChange(next.length ? next : undefined);
  const set = (index: number, change: Partial<TemplateConstant>) =>
    write(constants.map((constant, i) => (i === index ? { ...constant, ...change } : constant)));
  return (
    <Box data-testid="constants-editor">
      <Typography variant="body2" color="text.secondary">
        {translate('templateEditor.constants.help')}
      </Typography>
      {constants.map((constant, index) => {
        const testId = `te-constant-${index}`;
        return (
          <Box
            key={index}
            data-testid={testId}
            sx={{ mt: 1, pt: 1, borderTop: 1, borderColor: 'divider', display: 'flex', gap: 1 }}
          >
            <Box sx={{ flex: 1 }}>
              <FaultsAt pointer={`/constants/${index}`} />
              <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, alignItems: 'center' }}>
                <TextField
                  {...small}
                  label={translate('templateEditor.form.name')}
                  value={constant.name ?? ''}
                  onChange={(event) => set(index, { name: event.target.value.trim() })}
                  slotProps={{ htmlInput: { 'data-testid': `${testId}-name` } }}
                  sx={{ width: 160 }}
                />
                <NumberDraftInput
                  label={translate('templateEditor.constants.value')}
                  value={typeof constant.value === 'number' ? constant.value : undefined}
                  onChange={(value) => set(index, { value: value ?? 0 })}
                  testId={`${testId}-value`}
                />
                <UnitPicker
                  value={constant.unit}
                  onChange={(unit) => {
                    const { unit: _unit, ...rest } = constant;
                    write(constants.map((c, i) => (i === index ? (unit ? { ...rest, unit } : rest) : c)));
                  }}
                  testId={`${testId}-unit`}
                />
                <TextField
                  {...small}
                  label={translate('templateEditor.constants.source')}
                  value={constant.source ?? ''}
                  onChange={(event) => set(index, { source: event.target.value })}
                  slotProps={{ htmlInput: { 'data-testid': `${testId}-source` } }}
                  sx={{ flex: 1, minWidth: 240 }}
                />
              </Box>
              <LocalizedInputs
                label={translate('templateEditor.form.label')}
                testId={`${testId}-label`}
                value={constant.label}
                onChange={(label) => set(index, { label })}
              />
            </Box>
            <OrderButtons
              testId={testId}
              onUp={() => write(move(constants, index, index - 1))}
              onDown={() => write(move(constants, index, index + 1))}
              onRemove={() => write(constants.filter((_, i) => i !== index))}
            />
          </Box>
        );
      })}
      <AddButton
        label={translate('templateEditor.constants.add')}
        onClick={() =>
          write([...constants, newConstant([...takenNames, ...constants.map((constant) => constant.name ?? '')])])
        }
        testId="te-add-constant"
      />
    </Box>
  );
};
