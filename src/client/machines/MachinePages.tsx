import { Create, Edit } from 'react-admin';
import { MachineForm, machineBody } from './MachineForm';

// Pessimistic: an undoable save would reach the server seconds later, and a 409 (a published set) would come too late.
export const MachineEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list" transform={machineBody}>
    <MachineForm />
  </Edit>
);

export const MachineCreate = () => (
  <Create redirect="list" transform={machineBody}>
    <MachineForm create />
  </Create>
);
