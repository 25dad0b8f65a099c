import type { ReactElement } from 'react';
import { MenuList } from '@mui/material';
import { styled } from '@mui/material/styles';
import {
  CanAccess,
  CLOSED_DRAWER_WIDTH,
  DRAWER_WIDTH,
  MenuClasses,
  MenuItemLink,
  useSidebarState,
  useTranslate,
} from 'react-admin';
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
import StorefrontIcon from '@mui/icons-material/Storefront';
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
  {
    to: '/storefronts',
    label: 'storefronts.menu',
    icon: <StorefrontIcon />,
    access: { action: 'list', resource: 'storefronts' },
  },
];

/*
 * react-admin's <Menu> list, without its module: that one brings the resource menu items along (and with them
 * `inflection`, for resource names this menu never shows) into the first page after signing in (issue #22).
 * Same class names and styles, widths from the theme as react-admin reads them.
 */
const MenuRoot = styled(MenuList, {
  name: 'RaMenu',
  overridesResolver: (_props, styles) => styles.root,
})(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'flex-start',
  [theme.breakpoints.only('xs')]: { marginTop: 0 },
  transition: theme.transitions.create('width', {
    easing: theme.transitions.easing.sharp,
    duration: theme.transitions.duration.leavingScreen,
  }),
  [`&.${MenuClasses.open}`]: { width: theme.sidebar?.width ?? DRAWER_WIDTH },
  [`&.${MenuClasses.closed}`]: { width: theme.sidebar?.closedWidth ?? CLOSED_DRAWER_WIDTH },
}));

export const Menu = () => {
  const translate = useTranslate();
  const [open] = useSidebarState();
  return (
    <MenuRoot className={open ? MenuClasses.open : MenuClasses.closed}>
      {MENU_ENTRIES.map((entry) => {
        const item = (
          <MenuItemLink key={entry.to} to={entry.to} primaryText={translate(entry.label)} leftIcon={entry.icon} />
        );
        return entry.access ? (
          <CanAccess key={entry.to} {...entry.access}>
            {item}
          </CanAccess>
        ) : (
          item
        );
      })}
    </MenuRoot>
  );
};
