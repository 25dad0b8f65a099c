import { useParams } from 'react-router-dom';
import { BooleanField, Create, DataTable, Edit, useTranslate } from 'react-admin';
import type { StorefrontRecord } from '../../core/api';
import { EditableRecordList } from '../layout/EditableRecordList';
import { useTemplates } from '../template-forms/useTemplate';
import { StorefrontForm, storefrontBody } from './StorefrontForm';
import { SecretKeysCard } from './SecretKeysCard';
import { WebhooksCard } from './WebhooksCard';

/** A mandant's storefronts: the calculators its shop pages carry. */
export const StorefrontList = () => {
  const translate = useTranslate();
  const { data: templates = [] } = useTemplates('product');
  const label = (id: string) => templates.find((template) => template.id === id)?.label ?? id;
  return (
    // 10 a page (react-admin's default, which this list has always had), not the shared 25.
    <EditableRecordList sort={{ field: 'name', order: 'ASC' }} exporter={false} perPage={10}>
      <DataTable.Col source="name" label="storefronts.fields.name" />
      <DataTable.Col source="active" label={translate('storefronts.fields.active')} field={BooleanField} />
      <DataTable.Col<StorefrontRecord>
        label="storefronts.fields.offers"
        disableSort
        render={(record) => record.offers.map((offer) => label(offer.template_id)).join(', ')}
      />
      <DataTable.Col<StorefrontRecord>
        label="storefronts.fields.origins"
        disableSort
        render={(record) => record.origins.join(', ')}
      />
    </EditableRecordList>
  );
};

export const StorefrontCreate = () => (
  <Create redirect="edit" mutationMode="pessimistic" transform={storefrontBody}>
    <StorefrontForm />
  </Create>
);

export const StorefrontEdit = () => {
  const { id } = useParams<{ id: string }>();
  return (
    <>
      <Edit redirect={false} mutationMode="pessimistic" transform={storefrontBody}>
        <StorefrontForm />
      </Edit>
      {id ? <SecretKeysCard storefrontId={id} /> : null}
      {id ? <WebhooksCard storefrontId={id} /> : null}
    </>
  );
};
