import { Create } from 'react-admin';
import { MandantForm } from './MandantForm';

export const MandantCreate = () => (
  <Create redirect="list" mutationMode="pessimistic">
    <MandantForm isNew />
  </Create>
);
