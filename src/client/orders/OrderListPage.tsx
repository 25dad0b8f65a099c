/** `/orders`: the mandant's orders (all mandants' for provider admins) with a status filter. */
import { DataTable, List, ReferenceField, TextInput, useTranslate } from 'react-admin';
import { useCan } from '../providers/RoleGate';
import { LocalizedDateCol } from '../i18n/LocalizedDateField';
import { ORDER_STATUSES, type OrderRecord } from '../../core/api';
import { exclVat, formatMoney, formatTonnes } from '../offsets/format';
import { useLanguage } from '../i18n/useLanguage';
import { OrderStatusChip } from './OrderStatusChip';
import { ChannelFilterInput, NumberWithChannel } from '../storefronts/ChannelText';
import { keyedFilter } from '../layout/keyedFilter';

const filters = [
  keyedFilter('status', 'orders.fields.status', ORDER_STATUSES, 'orders.status', { alwaysOn: true }),
  <TextInput key="q" source="q" label="ra.action.search" alwaysOn />,
  <ChannelFilterInput key="channel" source="channel" label="storefronts.channel.label" />,
];

const OrderListPage = () => {
  const translate = useTranslate();
  const lang = useLanguage();
  // Provider admins see every mandant's orders: they need to know whose each one is.
  const allMandants = useCan('read_all', 'mandants');
  return (
    <List
      resource="orders"
      title={translate('orders.title')}
      filters={filters}
      sort={{ field: 'created_at', order: 'DESC' }}
      exporter={false}
      empty={false}
    >
      <DataTable rowClick={(id) => `/orders/${id}`} bulkActionButtons={false} data-testid="orders-list">
        {/* A shop's order is marked under its number; a channel column read "Back-Office" in nearly every row. */}
        <DataTable.Col<OrderRecord>
          source="number"
          label="orders.fields.number"
          render={(order) => (
            <NumberWithChannel
              number={order.number}
              channel={order.channel}
              reference={order.channel_reference}
              name={order.channel_name}
            />
          )}
        />
        {allMandants ? (
          <DataTable.Col source="mandant_id" label="orders.fields.mandant" disableSort>
            <ReferenceField source="mandant_id" reference="mandants" link={false} />
          </DataTable.Col>
        ) : null}
        <DataTable.Col<OrderRecord>
          source="status"
          label="orders.fields.status"
          render={(order) => <OrderStatusChip status={order.status} />}
        />
        <DataTable.Col<OrderRecord>
          source="tonnes_kg"
          label="orders.fields.tonnes"
          render={(order) => formatTonnes(order.tonnes_kg, lang)}
        />
        <DataTable.Col<OrderRecord>
          source="total_minor"
          label="orders.fields.total"
          render={(order) => exclVat(formatMoney(order.total_minor, order.currency, lang), translate)}
        />
        <DataTable.Col source="issued_to" label="orders.fields.issued_to" />
        <DataTable.Col<OrderRecord>
          source="certificate_number"
          label="orders.fields.certificate_number"
          render={(order) => order.certificate_number || '—'}
        />
        <LocalizedDateCol source="created_at" label="orders.fields.created_at" />
      </DataTable>
    </List>
  );
};

export default OrderListPage;
