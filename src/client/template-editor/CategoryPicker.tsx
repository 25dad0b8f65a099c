/**
 * A factor field's category: templates need the key (`paper`) while the screens show it translated ("Papier"), so the
 * picker lists both, from `GET /api/factor-categories`. A key not in any database yet can still be typed.
 */
import { Autocomplete, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { useKontorDataProvider } from '../providers/dataProvider';

export const CategoryPicker = ({ value, onChange, testId, label }: { value: string | undefined; onChange: (category: string | undefined) => void; testId: string; label?: string }) => {
  const translate = useTranslate();
  const dataProvider = useKontorDataProvider();
  const { data = [] } = useQuery({ queryKey: ['factors', 'categories'], queryFn: () => dataProvider.factorCategories() });
  const name = (key: string) => `${translate(`databases.categories.${key}`, { _: key })} (${key})`;
  return (
    <Autocomplete
      freeSolo
      size="small"
      options={data.map((category) => category.key)}
      getOptionLabel={(key) => name(key)}
      value={value ?? null}
      onChange={(_, next) => onChange(next || undefined)}
      onInputChange={(_, text, reason) => reason === 'input' && onChange(text.trim() || undefined)}
      renderOption={(props, key) => <li {...props} key={key} data-testid={`${testId}-option-${key}`}>{name(key)}</li>}
      renderInput={(params) => (
        <TextField {...params} margin="dense" label={label ?? translate('templateEditor.form.category')}
          slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': testId } }} />
      )}
      sx={{ width: 240 }}
    />
  );
};
