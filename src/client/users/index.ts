import PeopleIcon from '@mui/icons-material/People';
import type { UserRecord } from '../../core/api';
import { lazyResource } from '../shell/navigation/lazyPage';

/** Users are listed and edited here; new ones are invited (../invitations). */
export default lazyResource(
  {
    list: () => import('./UserList').then((m) => m.UserList),
    edit: () => import('./UserEdit').then((m) => m.UserEdit),
  },
  { icon: PeopleIcon, recordRepresentation: (record: UserRecord) => record.name || record.email },
);
