import StorefrontIcon from '@mui/icons-material/Storefront';
import type { StorefrontRecord } from '../../core/api';
import { lazyResource } from '../shell/navigation/lazyPage';

const pages = () => import('./StorefrontPages');

export default lazyResource(
  {
    list: () => pages().then((m) => m.StorefrontList),
    create: () => pages().then((m) => m.StorefrontCreate),
    edit: () => pages().then((m) => m.StorefrontEdit),
  },
  { icon: StorefrontIcon, recordRepresentation: (record: StorefrontRecord) => record.name },
);
