/** The protocol (audit log) as a read-only react-admin resource: `/protocol`, its own chunk. */
import HistoryIcon from '@mui/icons-material/History';
import { lazyPage } from '../shell/navigation/lazyPage';

export default {
  list: lazyPage(() => import('./ProtocolPage')),
  icon: HistoryIcon,
  options: { label: 'app.menu.protocol' },
};
