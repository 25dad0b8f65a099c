import PeopleIcon from '@mui/icons-material/People';
import type { UserRecord } from '../../core/api';
import { lazyPage } from '../shell/navigation/lazyPage';

// Its screens load with the first visit (react-admin's layout shows its loader meanwhile), not with the login page.
const UserList = lazyPage(() => import('./UserList').then((m) => ({ default: m.UserList })));
const UserEdit = lazyPage(() => import('./UserEdit').then((m) => ({ default: m.UserEdit })));

/** Users are listed and edited here; new ones are invited (../invitations). */
export default {
  list: UserList,
  edit: UserEdit,
  icon: PeopleIcon,
  recordRepresentation: (record: UserRecord) => record.name || record.email,
};
