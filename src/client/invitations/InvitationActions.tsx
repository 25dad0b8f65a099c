/** Resend (a new link; the old one dies) and revoke (after a confirmation) for one open invitation. */
import { useState } from 'react';
import { Stack } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { Button, DeleteWithConfirmButton, useNotify, useRecordContext, useRefresh, type Identifier } from 'react-admin';
import type { InvitationRecord } from '../../core/api';
import { useMutation } from '@tanstack/react-query';
import { useKontorDataProvider } from '../providers/dataProvider';
import { httpErrorText } from '../providers/httpClient';

export const InvitationActions = () => {
  const invitation = useRecordContext<InvitationRecord>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const dataProvider = useKontorDataProvider();
  const { mutateAsync: resendInvitation } = useMutation({
    mutationFn: (id: Identifier) => dataProvider.resendInvitation(id),
  });
  if (!invitation) return null;

  const resend = async () => {
    setBusy(true);
    try {
      await resendInvitation(invitation.id);
      notify('app.invitations.resent', { type: 'success' });
      refresh();
    } catch (error) {
      notify('app.invitations.failed', { type: 'error', messageArgs: { message: httpErrorText(error) } });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack direction="row" spacing={1} onClick={(event) => event.stopPropagation()}>
      <Button label="app.invitations.resend" disabled={busy} onClick={() => void resend()}>
        <SendIcon />
      </Button>
      <DeleteWithConfirmButton
        label="app.invitations.revoke"
        mutationMode="pessimistic"
        redirect={false}
        confirmTitle="app.invitations.revoke_title"
        titleTranslateOptions={{ email: invitation.email }}
        confirmContent="app.invitations.revoke_content"
        successMessage="app.invitations.revoked"
      />
    </Stack>
  );
};
