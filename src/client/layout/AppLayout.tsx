import type { ReactNode } from 'react';
import { AppBar as RaAppBar, AppBarClasses, Layout, LoadingIndicator, TitlePortal } from 'react-admin';
import { Box } from '@mui/material';
import { LanguageMenu } from './LanguageMenu';
import { Menu } from './Menu';
import { UserMenu } from './UserMenu';
import { Footer } from './Footer';
import { ConnectivityIndicator } from './ConnectivityIndicator';
import { ShellServices } from './ShellServices';
import { BrandTheme } from './BrandTheme';
import { MuiLanguage } from '../i18n/MuiLanguage';
import { useBranding } from './branding';
import { LayoutErrorPage, ErrorPageGate } from '../shell/errors/ErrorPages';
import { PageTransition } from '../shell/navigation/PageTransition';
import { SessionExpiryWatcher } from '../shell/session/SessionExpiryWatcher';

const BrandLogo = () => {
  const { logoUrl, providerName } = useBranding();
  if (!logoUrl) return null;
  return (
    <Box
      component="img"
      src={logoUrl}
      alt={providerName}
      data-testid="brand-logo"
      sx={{ height: 32, maxWidth: 160, objectFit: 'contain', mr: 1.5 }}
    />
  );
};

// The page title in the app bar is the page's one <h1>; screens start their own headings at <h2>.
const AppBar = () => (
  <RaAppBar
    userMenu={<UserMenu />}
    toolbar={
      <>
        <ConnectivityIndicator />
        <LanguageMenu />
        <LoadingIndicator />
      </>
    }
  >
    <BrandLogo />
    <TitlePortal className={AppBarClasses.title} component="h1" />
  </RaAppBar>
);

/**
 * react-admin's layout grows to fit its widest content (`min-width: fit-content` on the root): a list with many
 * columns made the whole page 2,009 px wide in a 1,280 px window, the app bar and footer ended mid-page. The layout
 * keeps the window's width instead, and a list's table scrolls sideways inside its own wrapper.
 */
const LAYOUT_FITS_WINDOW = {
  minWidth: 0,
  '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content, & .RaList-main': { minWidth: 0 },
  '& .RaDatagrid-tableWrapper, & .RaDataTable-tableWrapper': { overflowX: 'auto' },
};

/**
 * The default layout: app bar (brand, language, user menu), sidebar menu, content and footer. The content fades
 * between pages, shows the error page on errors (menu and user menu stay usable) and is reset on the next route.
 */
export const AppLayout = ({ children }: { children: ReactNode }) => (
  <BrandTheme>
    <MuiLanguage>
      <Layout appBar={AppBar} menu={Menu} error={LayoutErrorPage} sx={LAYOUT_FITS_WINDOW}>
        <ShellServices />
        <SessionExpiryWatcher />
        <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }}>
          <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
            <PageTransition>
              <ErrorPageGate>{children}</ErrorPageGate>
            </PageTransition>
          </Box>
          <Footer />
        </Box>
      </Layout>
    </MuiLanguage>
  </BrandTheme>
);
