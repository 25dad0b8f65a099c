import type { ReactElement } from 'react';
import { CanAccess, Menu as RaMenu, useTranslate } from 'react-admin';
import DashboardIcon from '@mui/icons-material/Dashboard';
import CalculateIcon from '@mui/icons-material/Calculate';
import CollectionsBookmarkIcon from '@mui/icons-material/CollectionsBookmark';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import SyncAltIcon from '@mui/icons-material/SyncAlt';
import ForestIcon from '@mui/icons-material/Forest';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import HistoryIcon from '@mui/icons-material/History';
import BarChartIcon from '@mui/icons-material/BarChart';
import PersonIcon from '@mui/icons-material/Person';
import PeopleIcon from '@mui/icons-material/People';
import BusinessIcon from '@mui/icons-material/Business';
import StorageIcon from '@mui/icons-material/Storage';
import PrecisionManufacturingIcon from '@mui/icons-material/PrecisionManufacturing';
import DashboardCustomizeIcon from '@mui/icons-material/DashboardCustomize';
import StraightenIcon from '@mui/icons-material/Straighten';
import type { Access } from '../providers/RoleGate';

interface Entry {
  to: string;
  label: string;
  icon: ReactElement;
  /** Offered only to those the access policy allows this. */
  access?: Access;
}

/** Every screen of the product, in menu order. Entries with `access` appear only for those the policy allows. */
export const MENU_ENTRIES: readonly Entry[] = [
  { to: '/', label: 'app.menu.dashboard', icon: <DashboardIcon /> },
  { to: '/calculations', label: 'app.menu.calculations', icon: <CalculateIcon /> },
  { to: '/collections', label: 'app.menu.collections', icon: <CollectionsBookmarkIcon /> },
  { to: '/compare', label: 'app.menu.compare', icon: <CompareArrowsIcon /> },
  { to: '/importer', label: 'app.menu.importer', icon: <UploadFileIcon /> },
  { to: '/migrations', label: 'app.menu.migrations', icon: <SyncAltIcon /> },
  { to: '/databases', label: 'databases.menu', icon: <StorageIcon /> },
  { to: '/machines', label: 'machines.menu', icon: <PrecisionManufacturingIcon /> },
  { to: '/carbon-offset-projects', label: 'app.menu.carbon_offset_projects', icon: <ForestIcon /> },
  { to: '/orders', label: 'orders.menu', icon: <ReceiptLongIcon /> },
  { to: '/protocol', label: 'app.menu.protocol', icon: <HistoryIcon /> },
  { to: '/statistics', label: 'app.menu.statistics', icon: <BarChartIcon /> },
  { to: '/profile', label: 'app.menu.profile', icon: <PersonIcon /> },
  { to: '/users', label: 'app.menu.users', icon: <PeopleIcon />, access: { action: 'list', resource: 'users' } },
  {
    to: '/mandants',
    label: 'app.menu.mandants',
    icon: <BusinessIcon />,
    access: { action: 'create', resource: 'mandants' },
  },
  {
    to: '/templates',
    label: 'templateEditor.menu',
    icon: <DashboardCustomizeIcon />,
    access: { action: 'update', resource: 'templates' },
  },
  { to: '/units', label: 'units.menu', icon: <StraightenIcon />, access: { action: 'create', resource: 'units' } },
];

export const Menu = () => {
  const translate = useTranslate();
  return (
    <RaMenu>
      {MENU_ENTRIES.map((entry) => {
        const item = (
          <RaMenu.Item key={entry.to} to={entry.to} primaryText={translate(entry.label)} leftIcon={entry.icon} />
        );
        return entry.access ? (
          <CanAccess key={entry.to} {...entry.access}>
            {item}
          </CanAccess>
        ) : (
          item
        );
      })}
    </RaMenu>
  );
};
