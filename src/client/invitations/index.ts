import MailOutlineIcon from '@mui/icons-material/MailOutline';
import type { InvitationRecord } from '../../core/api';
import { lazyPage } from '../shell/navigation/lazyPage';

// Its screens load with the first visit (react-admin's layout shows its loader meanwhile), not with the login page.
const InvitationList = lazyPage(() => import('./InvitationList').then((m) => ({ default: m.InvitationList })));
const InvitationCreate = lazyPage(() => import('./InvitationCreate').then((m) => ({ default: m.InvitationCreate })));

/** Open invitations: listed, created (invite), resent and revoked; never edited. */
export default {
  list: InvitationList,
  create: InvitationCreate,
  icon: MailOutlineIcon,
  recordRepresentation: (record: InvitationRecord) => record.email,
};
