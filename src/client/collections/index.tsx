/**
 * Collections as a react-admin resource: `/collections` (list), `/create`, `/{id}` (the collection with its
 * calculations) and `/{id}/edit`. Writing is for those who may write; viewers read them.
 */
import CollectionsBookmarkIcon from '@mui/icons-material/CollectionsBookmark';
import { Route } from 'react-router-dom';
import type { CollectionRecord } from '../../core/api';
import { RoleGate } from '../providers/RoleGate';
import { lazyPage } from '../shell/navigation/lazyPage';

const CollectionListPage = lazyPage(() => import('./CollectionListPage'));
const CollectionCreatePage = lazyPage(() => import('./CollectionCreatePage'));
const CollectionShowPage = lazyPage(() => import('./CollectionShowPage'));
const CollectionEditPage = lazyPage(() => import('./CollectionEditPage'));

const CollectionCreate = () => (
  <RoleGate action="update" resource="collections">
    <CollectionCreatePage />
  </RoleGate>
);

export default {
  list: CollectionListPage,
  create: CollectionCreate,
  icon: CollectionsBookmarkIcon,
  options: { label: 'app.menu.collections' },
  recordRepresentation: (record: CollectionRecord) => record.name,
  children: [
    <Route key="show" path=":id" element={<CollectionShowPage />} />,
    <Route
      key="edit"
      path=":id/edit"
      element={
        <RoleGate action="update" resource="collections">
          <CollectionEditPage />
        </RoleGate>
      }
    />,
  ],
};
