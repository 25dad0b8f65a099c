/** `/collections/:id/edit`: name, description, tags and calculations; a stale version answers 409. */
import { useParams } from 'react-router-dom';
import { Edit, useTranslate } from 'react-admin';
import { CollectionForm } from './CollectionForm';

const toShow = (_resource?: string, id?: unknown) => `collections/${String(id)}`;

const CollectionEditPage = () => {
  const translate = useTranslate();
  const { id } = useParams();
  return (
    <Edit
      resource="collections"
      id={id}
      redirect={toShow}
      mutationMode="pessimistic"
      title={translate('collections.edit_title')}
    >
      <CollectionForm />
    </Edit>
  );
};

export default CollectionEditPage;
