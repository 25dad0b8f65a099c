/**
 * A control that cannot be used right now, with the reason said beside it: screens disable what the server would
 * refuse instead of letting the user walk into the refusal (issue #18 item 7).
 */
import { Stack, Typography } from '@mui/material';
import { useId, type ReactElement } from 'react';

interface Props {
  /** The translated reason, or null when the control can be used. */
  reason: string | null;
  children: (describedBy: string | undefined) => ReactElement;
  'data-testid'?: string;
}

export const ActionReason = ({ reason, children, 'data-testid': testId }: Props) => {
  const id = useId();
  if (!reason) return children(undefined);
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      {children(id)}
      <Typography id={id} variant="caption" color="text.secondary" data-testid={testId} sx={{ maxWidth: 320 }}>
        {reason}
      </Typography>
    </Stack>
  );
};
