import MailOutlineIcon from '@mui/icons-material/MailOutline';
import type { InvitationRecord } from '../../core/api';
import { InvitationList } from './InvitationList';
import { InvitationCreate } from './InvitationCreate';

/** Open invitations: listed, created (invite), resent and revoked; never edited. */
export default {
  list: InvitationList,
  create: InvitationCreate,
  icon: MailOutlineIcon,
  recordRepresentation: (record: InvitationRecord) => record.email,
};
