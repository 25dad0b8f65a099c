/** The template's icon, picked from the icon catalogue with each icon shown (a name outside it is a checker fault). */
import { Box, MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { TEMPLATE_ICONS } from '../../core/template';
import { TemplateIcon } from '../template-forms/TemplateIcon';

const IconName = ({ name }: { name: string }) => (
  <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
    <TemplateIcon name={name} fontSize="small" />
    {name}
  </Box>
);

export const IconPicker = ({ value, onChange }: { value: string | undefined; onChange: (icon: string) => void }) => {
  const translate = useTranslate();
  return (
    <TextField
      size="small"
      margin="dense"
      select
      label={translate('templateEditor.form.icon')}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{
        select: {
          renderValue: (name) => <IconName name={String(name)} />,
          SelectDisplayProps: { 'data-testid': 'te-icon' } as object,
        },
      }}
      sx={{ width: 200 }}
    >
      {TEMPLATE_ICONS.map((name) => (
        <MenuItem key={name} value={name} data-testid={`te-icon-option-${name}`}>
          <IconName name={name} />
        </MenuItem>
      ))}
    </TextField>
  );
};
