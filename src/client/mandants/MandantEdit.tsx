import { Edit } from 'react-admin';
import { MandantForm } from './MandantForm';

export const MandantEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list">
    <MandantForm isNew={false} />
  </Edit>
);
