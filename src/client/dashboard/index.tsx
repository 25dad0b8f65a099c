/** The dashboard as its own chunk, for `<Admin dashboard={DashboardPage}>`. */
import { lazyPage } from '../shell/navigation/lazyPage';

export const DashboardPage = lazyPage(() => import('./Dashboard'));
