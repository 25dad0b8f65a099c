/** The order screens as lazily loaded routes for App.tsx's CustomRoutes. */
import { Suspense, type ComponentType, type ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { lazyPage } from '../shell/navigation/lazyPage';
import { RouteLoading } from '../shell/progress/RouteLoading';

const OrderListPage = lazyPage(() => import('./OrderListPage'));
const OrderNewPage = lazyPage(() => import('./OrderNewPage'));
const OrderShowPage = lazyPage(() => import('./OrderShowPage'));

const page = (Page: ComponentType) => <Suspense fallback={<RouteLoading />}><Page /></Suspense>;

/** Spread into `<CustomRoutes>`: `{orderRoutes}`. Others link to `orderPath(...)`. */
export const orderRoutes: ReactElement[] = [
  <Route key="orders" path="/orders" element={page(OrderListPage)} />,
  <Route key="order-new" path="/orders/new" element={page(OrderNewPage)} />,
  <Route key="order" path="/orders/:id" element={page(OrderShowPage)} />,
];
