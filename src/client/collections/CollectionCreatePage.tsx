/**
 * `/collections/create` — a new collection; `/collections/create?from=<id>` duplicates one: the form
 * starts with the original's values and the POST names it in `duplicated_from` (protocol: duplicated).
 */
import { useSearchParams } from 'react-router-dom';
import { Create, Loading, useGetOne, useTranslate } from 'react-admin';
import type { CollectionRecord } from '../../core/api';
import { CollectionForm } from './CollectionForm';

const toShow = (_resource?: string, id?: unknown) => `collections/${String(id)}`;

const CollectionCreatePage = () => {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const from = Number(params.get('from')) || undefined;
  const { data: original, isPending } = useGetOne<CollectionRecord>(
    'collections',
    { id: from as number },
    { enabled: from !== undefined },
  );
  if (from !== undefined && isPending) return <Loading />;
  const defaultValues = original
    ? {
        name: translate('collections.copy_name', { name: original.name }),
        description: original.description,
        tags: original.tags,
        calculation_ids: original.calculation_ids,
        duplicated_from: original.id,
      }
    : { tags: [], calculation_ids: [] };
  return (
    <Create
      resource="collections"
      redirect={toShow}
      mutationMode="pessimistic"
      title={translate(original ? 'collections.duplicate_title' : 'collections.create_title', {
        name: original?.name ?? '',
      })}
    >
      <CollectionForm defaultValues={defaultValues} alwaysEnableSave={original !== undefined} />
    </Create>
  );
};

export default CollectionCreatePage;
