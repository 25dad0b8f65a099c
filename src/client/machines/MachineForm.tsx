import { Box, Stack, Typography } from '@mui/material';
import { ReferenceInput, SelectInput, SimpleForm, TextInput, regex, required, useTranslate } from 'react-admin';
import { MACHINE_FIGURE_NAMES, MACHINE_FIGURES, MACHINE_KEY_PATTERN } from '../../core/production';
import type { MachineSetRecord } from '../../core/api';
import { LocaleNumberInput } from '../layout/LocaleNumberInput';
import { kindChoices } from './MachineList';
import { setLabel } from './setLabel';
import { localizeUnit } from '../../core/template/units';
import { useUnitCatalog } from '../units/useUnitCatalog';
import { useLanguage } from '../i18n/useLanguage';

const nonNegative = (value: unknown) =>
  value === null || value === undefined || (typeof value === 'number' && value >= 0)
    ? undefined
    : 'machines.validation.non_negative';

/** Figures without a value are not recorded: the server takes a figure only with its value (and source). */
export function machineBody(data: Record<string, unknown>): Record<string, unknown> {
  const figures: Record<string, unknown> = {};
  const sent = (data.figures ?? {}) as Record<string, { value?: unknown; source?: unknown; year?: unknown } | null>;
  for (const name of MACHINE_FIGURE_NAMES) {
    const figure = sent[name];
    if (!figure || typeof figure.value !== 'number') continue;
    figures[name] = {
      value: figure.value,
      source: typeof figure.source === 'string' ? figure.source : '',
      year: typeof figure.year === 'number' ? figure.year : null,
    };
  }
  return { ...data, figures };
}

/** One machine: what it is, and each figure with the source and year it comes from. */
export const MachineForm = ({ create = false }: { create?: boolean }) => {
  const translate = useTranslate();
  const lang = useLanguage();
  const units = useUnitCatalog();
  return (
    <SimpleForm warnWhenUnsavedChanges>
      <ReferenceInput
        source="set_id"
        reference="machine-sets"
        filter={create ? { status: 'draft' } : {}}
        sort={{ field: 'created_at', order: 'DESC' }}
      >
        <SelectInput
          label="machines.fields.set_id"
          optionText={(set: MachineSetRecord) => setLabel(set)}
          validate={required()}
          disabled={!create}
        />
      </ReferenceInput>
      <TextInput source="name" label="machines.fields.name" validate={required()} />
      <TextInput
        source="key"
        label="machines.fields.key"
        helperText="machines.help.key"
        validate={[required(), regex(MACHINE_KEY_PATTERN, 'machines.validation.key')]}
      />
      <SelectInput source="kind" label="machines.fields.kind" choices={kindChoices} validate={required()} />
      {MACHINE_FIGURE_NAMES.map((name) => (
        <Stack key={name} spacing={1} sx={{ width: '100%', mt: 1 }}>
          <Typography variant="subtitle2">{translate(`machines.figures.${name}`)}</Typography>
          {/* A grid, not a flex row: the source, the longest text, gets the room (it shrank to 24 px in a row). */}
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'minmax(150px, 1fr) 3fr minmax(90px, 120px)' },
              columnGap: 2,
              width: '100%',
            }}
          >
            <LocaleNumberInput
              source={`figures.${name}.value`}
              label="machines.fields.value"
              unit={localizeUnit(MACHINE_FIGURES[name], lang, units)}
              validate={nonNegative}
            />
            <TextInput source={`figures.${name}.source`} label="machines.fields.source" fullWidth multiline />
            <LocaleNumberInput source={`figures.${name}.year`} label="machines.fields.year" integer grouping={false} />
          </Box>
        </Stack>
      ))}
    </SimpleForm>
  );
};
