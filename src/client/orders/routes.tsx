/** The order screens as lazily loaded routes for App.tsx's CustomRoutes. */
import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { lazyPage } from '../shell/navigation/lazyPage';

const OrderListPage = lazyPage(() => import('./OrderListPage'));
const OrderNewPage = lazyPage(() => import('./OrderNewPage'));
const OrderShowPage = lazyPage(() => import('./OrderShowPage'));

/** Spread into `<CustomRoutes>`: `{orderRoutes}`. Others link to `orderPath(...)`. */
export const orderRoutes: ReactElement[] = [
  <Route key="orders" path="/orders" element={<OrderListPage />} />,
  <Route key="order-new" path="/orders/new" element={<OrderNewPage />} />,
  <Route key="order" path="/orders/:id" element={<OrderShowPage />} />,
];
