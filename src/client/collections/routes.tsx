/** The collection screens as lazily loaded routes for App.tsx's CustomRoutes. */
import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { lazyPage } from '../shell/navigation/lazyPage';
import { RoleGate } from '../providers/RoleGate';

const CollectionListPage = lazyPage(() => import('./CollectionListPage'));
const CollectionCreatePage = lazyPage(() => import('./CollectionCreatePage'));
const CollectionShowPage = lazyPage(() => import('./CollectionShowPage'));
const CollectionEditPage = lazyPage(() => import('./CollectionEditPage'));

/** Creating and editing collections is for those who may write; viewers read them. */
const writerPage = (page: ReactElement) => <RoleGate action="update" resource="collections">{page}</RoleGate>;

/** Spread into `<CustomRoutes>`: `{collectionRoutes}`. */
export const collectionRoutes: ReactElement[] = [
  <Route key="collections" path="/collections" element={<CollectionListPage />} />,
  <Route key="collections-create" path="/collections/create" element={writerPage(<CollectionCreatePage />)} />,
  <Route key="collection" path="/collections/:id" element={<CollectionShowPage />} />,
  <Route key="collection-edit" path="/collections/:id/edit" element={writerPage(<CollectionEditPage />)} />,
];
