import { Create, useNotify, useRedirect } from 'react-admin';
import type { InvitationRecord } from '../../core/api';
import { seesAllMandants } from '../../core/access/policy';
import { InvitationForm } from './InvitationForm';

/** A provider admin's invitation to become provider admin carries no mandant. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const withoutMandantForProviderAdmins = (data: Record<string, any>) =>
  seesAllMandants(data.role) ? { ...data, mandant_id: null } : data;

/**
 * "Invite user". The answer looks the same whether or not the address already has an account (the
 * server mails that person a note instead of a link), so the notice only ever says "sent".
 */
export const InvitationCreate = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create<InvitationRecord>
      title="app.invitations.invite_title"
      mutationMode="pessimistic"
      transform={withoutMandantForProviderAdmins}
      mutationOptions={{
        onSuccess: () => {
          notify('app.invitations.sent', { type: 'success' });
          redirect('list', 'invitations');
        },
      }}
    >
      <InvitationForm />
    </Create>
  );
};
