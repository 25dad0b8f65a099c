import MailOutlineIcon from '@mui/icons-material/MailOutline';
import type { InvitationRecord } from '../../core/api';
import { lazyView } from '../shell/navigation/lazyPage';

// Its screens load with the first visit (react-admin's layout shows its loader meanwhile), not with the login page.
const InvitationList = lazyView(() => import('./InvitationList'), 'InvitationList');
const InvitationCreate = lazyView(() => import('./InvitationCreate'), 'InvitationCreate');

/** Open invitations: listed, created (invite), resent and revoked; never edited. */
export default {
  list: InvitationList,
  create: InvitationCreate,
  icon: MailOutlineIcon,
  recordRepresentation: (record: InvitationRecord) => record.email,
};
