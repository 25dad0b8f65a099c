/** The collection screens as lazily loaded routes for App.tsx's CustomRoutes. */
import { Suspense, type ComponentType, type ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { lazyPage } from '../shell/navigation/lazyPage';
import { RouteLoading } from '../shell/progress/RouteLoading';
import { RoleGate } from '../providers/RoleGate';

const CollectionListPage = lazyPage(() => import('./CollectionListPage'));
const CollectionCreatePage = lazyPage(() => import('./CollectionCreatePage'));
const CollectionShowPage = lazyPage(() => import('./CollectionShowPage'));
const CollectionEditPage = lazyPage(() => import('./CollectionEditPage'));

const page = (Page: ComponentType) => <Suspense fallback={<RouteLoading />}><Page /></Suspense>;
/** Creating and editing collections is for those who may write; viewers read them. */
const writerPage = (Page: ComponentType) => <RoleGate action="update" resource="collections">{page(Page)}</RoleGate>;

/** Spread into `<CustomRoutes>`: `{collectionRoutes}`. */
export const collectionRoutes: ReactElement[] = [
  <Route key="collections" path="/collections" element={page(CollectionListPage)} />,
  <Route key="collections-create" path="/collections/create" element={writerPage(CollectionCreatePage)} />,
  <Route key="collection" path="/collections/:id" element={page(CollectionShowPage)} />,
  <Route key="collection-edit" path="/collections/:id/edit" element={writerPage(CollectionEditPage)} />,
];
