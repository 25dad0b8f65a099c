/** The calculation's own fields beside the template's: customer, status and the factor database it is computed with. */
import { Box, Typography } from '@mui/material';
import { SelectInput, TextInput, required, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { CollapsibleGroup } from '../template-forms/CollapsibleGroup';
import { FIELD_GRID_SX } from '../template-forms/TemplateFieldInput';
import { CALCULATION_STATUSES } from './types';
import { useFactorDatabases } from '../factors/useFactorDatabases';
import { keyedChoices } from '../i18n/choices';
import { CalculationWrite } from '../../core/api';
import { contractRules } from '../providers/contractRules';
import { useChannelText } from '../storefronts/ChannelText';

const customerRules = contractRules(CalculationWrite, 'customer');

export const CalculationDetails = () => {
  const translate = useTranslate();
  const { data: databases = [], isPending } = useFactorDatabases({ published: true, order: 'name' });
  const chosen = useWatch({ name: 'database_id' }) as unknown;
  const channel = useWatch({ name: 'channel' }) as string | null | undefined;
  const reference = useWatch({ name: 'channel_reference' }) as string | null | undefined;
  const channelName = useWatch({ name: 'channel_name' }) as string | null | undefined;
  const channelText = useChannelText();
  const choices = databases.map((database) => ({
    id: database.id,
    name: `${database.name}${database.demo ? ` (${translate('calculations.demo_values')})` : ''}`,
  }));
  // A calculation made with a database that has since been archived keeps showing it.
  if (typeof chosen === 'number' && !choices.some((choice) => choice.id === chosen)) {
    choices.push({ id: chosen, name: translate('calculations.database_number', { id: chosen }) });
  }
  const statusChoices = keyedChoices(CALCULATION_STATUSES, 'calculations.status');
  return (
    <CollapsibleGroup title={translate('calculations.section.details')} testId="group-calculation-details">
      <Box sx={FIELD_GRID_SX}>
        <TextInput source="customer" label="calculations.fields.customer" validate={customerRules} fullWidth />
        <SelectInput
          source="status"
          label="calculations.fields.status"
          choices={statusChoices}
          validate={required()}
          fullWidth
        />
        <SelectInput
          source="database_id"
          label="calculations.fields.database"
          choices={choices}
          isPending={isPending}
          validate={required()}
          helperText="calculations.database_help"
          fullWidth
        />
      </Box>
      {channel ? (
        <Typography variant="body2" sx={{ mt: 1 }} data-testid="calculation-channel">
          {translate('storefronts.channel.label')}: {channelText(channel, reference, channelName)}
        </Typography>
      ) : null}
    </CollapsibleGroup>
  );
};
