import { Edit } from 'react-admin';
import { UserForm } from './UserForm';

// Pessimistic: an undoable save would reach the server seconds later, and a 409 or field error would come too late.
export const UserEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list">
    <UserForm />
  </Edit>
);
