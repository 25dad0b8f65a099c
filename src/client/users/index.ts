import PeopleIcon from '@mui/icons-material/People';
import type { UserRecord } from '../../core/api';
import { UserList } from './UserList';
import { UserEdit } from './UserEdit';

/** Users are listed and edited here; new ones are invited (../invitations). */
export default {
  list: UserList,
  edit: UserEdit,
  icon: PeopleIcon,
  recordRepresentation: (record: UserRecord) => record.name || record.email,
};
