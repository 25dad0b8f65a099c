/**
 * Collections as a react-admin resource: `/collections` (list), `/create`, `/{id}` (the collection with its
 * calculations) and `/{id}/edit`. Writing is for those who may write; viewers read them.
 */
import CollectionsBookmarkIcon from '@mui/icons-material/CollectionsBookmark';
import type { CollectionRecord } from '../../core/api';
import { readWriteScreens } from '../providers/RoleGate';
import { lazyPage } from '../shell/navigation/lazyPage';

export default {
  ...readWriteScreens('collections', {
    list: lazyPage(() => import('./CollectionListPage')),
    create: lazyPage(() => import('./CollectionCreatePage')),
    show: lazyPage(() => import('./CollectionShowPage')),
    edit: lazyPage(() => import('./CollectionEditPage')),
  }),
  icon: CollectionsBookmarkIcon,
  options: { label: 'app.menu.collections' },
  recordRepresentation: (record: CollectionRecord) => record.name,
};
