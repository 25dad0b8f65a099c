/**
 * A group's settings beside its id: repeatable, and for a repeatable group its minimum and maximum number of items;
 * collapsed by default. Turning "repeatable" off takes min and max with it (they mean nothing on a plain group).
 */
import { Box, Checkbox, FormControlLabel } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Group } from '../../core/template';
import { NumberDraftInput } from './NumberDraftInput';

type Flag = 'repeatable' | 'collapsed';

export const GroupSettings = ({
  group,
  testId,
  onChange,
}: {
  group: Partial<Group>;
  testId: string;
  onChange: (group: Partial<Group>) => void;
}) => {
  const translate = useTranslate();
  const set = (change: (next: Partial<Group>) => void) => {
    const next = { ...group };
    change(next);
    onChange(next);
  };
  const flag = (key: Flag, on: boolean) =>
    set((next) => {
      if (on) next[key] = true;
      else {
        delete next[key];
        if (key === 'repeatable') {
          delete next.min;
          delete next.max;
        }
      }
    });
  const bound = (key: 'min' | 'max', value: number | undefined) =>
    set((next) => {
      if (value === undefined) delete next[key];
      else next[key] = value;
    });
  const checkbox = (key: Flag) => (
    <FormControlLabel
      control={
        <Checkbox
          checked={group[key] === true}
          onChange={(e) => flag(key, e.target.checked)}
          slotProps={{ input: { 'data-testid': `${testId}-${key}` } as object }}
        />
      }
      label={translate(key === 'repeatable' ? 'templateEditor.form.repeatable' : 'templateEditor.authoring.collapsed')}
    />
  );
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', columnGap: 1, flexWrap: 'wrap' }}>
      {checkbox('repeatable')}
      {group.repeatable ? (
        <>
          <NumberDraftInput
            label={translate('templateEditor.authoring.min_items')}
            value={group.min}
            onChange={(value) => bound('min', value)}
            testId={`${testId}-min`}
            width={100}
          />
          <NumberDraftInput
            label={translate('templateEditor.authoring.max_items')}
            value={group.max}
            onChange={(value) => bound('max', value)}
            testId={`${testId}-max`}
            width={100}
          />
        </>
      ) : null}
      {checkbox('collapsed')}
    </Box>
  );
};
