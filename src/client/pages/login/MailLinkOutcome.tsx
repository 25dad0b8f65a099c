/**
 * How a page opened from a link in a mail ends when there is no form left to fill in: the link did its work, or it
 * cannot (missing, used, expired), and where to go on from there.
 */
import type { ReactNode } from 'react';
import { Alert, Box } from '@mui/material';
import { LoginLayout } from '../../layout/LoginLayout';

export const MailLinkOutcome = ({
  title,
  succeeded,
  message,
  next,
}: {
  title: string;
  succeeded: boolean;
  message: string;
  /** The link or button onwards. */
  next: ReactNode;
}) => (
  <LoginLayout title={title}>
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Alert severity={succeeded ? 'success' : 'error'} role="status">
        {message}
      </Alert>
      {next}
    </Box>
  </LoginLayout>
);
