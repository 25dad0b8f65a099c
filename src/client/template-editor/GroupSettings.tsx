/**
 * A group's settings beside its id: repeatable, and for a repeatable group its minimum and maximum number of items;
 * collapsed by default. Turning "repeatable" off takes min and max with it (they mean nothing on a plain group).
 */
import { Box, Checkbox, FormControlLabel } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Group } from '../../core/template';
import { NumberDraftInput } from './NumberDraftInput';

type Flag = 'repeatable' | 'collapsed';
type Bound = 'min' | 'max';

const BOUND_LABELS: Record<Bound, string> = {
  min: 'templateEditor.authoring.min_items',
  max: 'templateEditor.authoring.max_items',
};

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
  const bound = (key: Bound, value: number | undefined) =>
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
  const boundInput = (key: Bound) => (
    <NumberDraftInput
      label={translate(BOUND_LABELS[key])}
      value={group[key]}
      onChange={(value) => bound(key, value)}
      testId={`${testId}-${key}`}
      width={100}
    />
  );
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', columnGap: 1, flexWrap: 'wrap' }}>
      {checkbox('repeatable')}
      {group.repeatable ? (
        <>
          {boundInput('min')}
          {boundInput('max')}
        </>
      ) : null}
      {checkbox('collapsed')}
    </Box>
  );
};
