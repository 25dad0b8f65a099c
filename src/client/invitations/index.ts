import MailOutlineIcon from '@mui/icons-material/MailOutline';
import type { InvitationRecord } from '../../core/api';
import { lazyResource } from '../shell/navigation/lazyPage';

/** Open invitations: listed, created (invite), resent and revoked; never edited. */
export default lazyResource(
  {
    list: () => import('./InvitationList').then((m) => m.InvitationList),
    create: () => import('./InvitationCreate').then((m) => m.InvitationCreate),
  },
  { icon: MailOutlineIcon, recordRepresentation: (record: InvitationRecord) => record.email },
);
