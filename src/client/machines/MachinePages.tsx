import { Create, Edit, type RedirectionSideEffect } from 'react-admin';
import { MachineForm, machineBody } from './MachineForm';

/** Back to the list of the saved machine's own set: the list's default (the current set) may not show it. */
const toMachineSet: RedirectionSideEffect = (_resource, _id, data) =>
  `/machines?${new URLSearchParams({ filter: JSON.stringify({ set_id: data?.set_id }) }).toString()}`;

// Pessimistic: an undoable save would reach the server seconds later, and a 409 (a published set) would come too late.
export const MachineEdit = () => (
  <Edit mutationMode="pessimistic" redirect={toMachineSet} transform={machineBody}>
    <MachineForm />
  </Edit>
);

export const MachineCreate = () => (
  <Create redirect={toMachineSet} transform={machineBody}>
    <MachineForm create />
  </Create>
);
