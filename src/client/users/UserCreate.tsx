import { Create } from 'react-admin';
import { UserForm, dropEmptyPassword } from './UserForm';

export const UserCreate = () => (
  <Create redirect="list" mutationMode="pessimistic" transform={dropEmptyPassword}>
    <UserForm isNew />
  </Create>
);
