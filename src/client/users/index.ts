import PeopleIcon from '@mui/icons-material/People';
import type { UserRecord } from '../../core/api';
import { lazyView } from '../shell/navigation/lazyPage';

// Its screens load with the first visit (react-admin's layout shows its loader meanwhile), not with the login page.
const UserList = lazyView(() => import('./UserList'), 'UserList');
const UserEdit = lazyView(() => import('./UserEdit'), 'UserEdit');

/** Users are listed and edited here; new ones are invited (../invitations). */
export default {
  list: UserList,
  edit: UserEdit,
  icon: PeopleIcon,
  recordRepresentation: (record: UserRecord) => record.name || record.email,
};
