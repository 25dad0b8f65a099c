/**
 * Orders of CO2 offset contributions as a react-admin resource, on the product's routes: `/orders` (list),
 * `/orders/new?calculation=…|collection=…` (order) and `/orders/{id}` (the order with its documents).
 */
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { Route } from 'react-router-dom';
import type { OrderRecord } from '../../core/api';
import { lazyPage } from '../shell/navigation/lazyPage';

const OrderListPage = lazyPage(() => import('./OrderListPage'));
const OrderNewPage = lazyPage(() => import('./OrderNewPage'));
const OrderShowPage = lazyPage(() => import('./OrderShowPage'));

export default {
  list: OrderListPage,
  icon: ReceiptLongIcon,
  options: { label: 'orders.menu' },
  recordRepresentation: (record: OrderRecord) => record.number,
  children: [
    <Route key="new" path="new" element={<OrderNewPage />} />,
    <Route key="show" path=":id" element={<OrderShowPage />} />,
  ],
};
