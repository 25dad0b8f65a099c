import { Suspense, useState, type ErrorInfo, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import {
  AppBarClasses,
  Error as RaError,
  HideOnScroll,
  LayoutClasses,
  Loading,
  LoadingIndicator,
  Sidebar,
  SidebarToggleButton,
  SkipNavigationButton,
  TitlePortal,
} from 'react-admin';
import { AppBar as MuiAppBar, Box, Toolbar, useMediaQuery } from '@mui/material';
import { styled, type Theme } from '@mui/material/styles';
import { LanguageMenu } from './LanguageMenu';
import { Menu } from './Menu';
import { UserMenu } from './UserMenu';
import { Footer } from './Footer';
import { ConnectivityIndicator } from './ConnectivityIndicator';
import { ShellServices } from './ShellServices';
import { NamedCreatedNotices } from './CreatedNotice';
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

/*
 * Why the app bar and the frame below are written here instead of react-admin's <AppBar> and <Layout>: those import
 * their defaults (ra's own user menu with Avatar, language and theme buttons, the resource menu with `inflection`,
 * the preferences inspector) even when every one of them is replaced, and all of it loaded with the first page after
 * signing in (issue #22). Markup, class names and styles are react-admin 5's, so the page looks and works the same.
 */

const StyledAppBar = styled(MuiAppBar, {
  name: 'RaAppBar',
  overridesResolver: (_props, styles) => styles.root,
})(({ theme }) => ({
  [`& .${AppBarClasses.toolbar}`]: {
    padding: `0 ${theme.spacing(1)}`,
    [theme.breakpoints.down('md')]: { minHeight: theme.spacing(6) },
  },
  [`& .${AppBarClasses.menuButton}`]: { marginRight: '0.2em' },
}));

// The page title in the app bar is the page's one <h1>; screens start their own headings at <h2>.
const AppBar = () => {
  const isXSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <HideOnScroll>
      <StyledAppBar className={AppBarClasses.appBar} color="secondary">
        <Toolbar disableGutters variant={isXSmall ? 'regular' : 'dense'} className={AppBarClasses.toolbar}>
          <SidebarToggleButton className={AppBarClasses.menuButton} />
          <BrandLogo />
          <TitlePortal className={AppBarClasses.title} component="h1" />
          <ConnectivityIndicator />
          <LanguageMenu />
          <LoadingIndicator />
          <UserMenu />
        </Toolbar>
      </StyledAppBar>
    </HideOnScroll>
  );
};

/**
 * react-admin's layout grows to fit its widest content (`min-width: fit-content` on the root): a list with many
 * columns made the whole page 2,009 px wide in a 1,280 px window, the app bar and footer ended mid-page. The layout
 * keeps the window's width instead, and a list's table scrolls sideways inside its own wrapper.
 */
const Frame = styled('div', {
  name: 'RaLayout',
  overridesResolver: (_props, styles) => styles.root,
})(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  zIndex: 1,
  minHeight: '100vh',
  backgroundColor: theme.palette.background.default,
  position: 'relative',
  minWidth: 0,
  width: '100%',
  [`& .${LayoutClasses.appFrame}`]: {
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    marginTop: theme.spacing(6),
    [theme.breakpoints.down('sm')]: { marginTop: theme.spacing(7) },
  },
  [`& .${LayoutClasses.contentWithSidebar}`]: {
    display: 'flex',
    flexGrow: 1,
    transition: theme.transitions.create('margin', {
      easing: theme.transitions.easing.easeOut,
      duration: theme.transitions.duration.enteringScreen,
    }),
  },
  [`& .${LayoutClasses.content}`]: {
    backgroundColor: theme.palette.background.default,
    zIndex: 2,
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    flexBasis: 0,
    padding: 0,
    [theme.breakpoints.up('xs')]: { paddingRight: theme.spacing(1), paddingLeft: theme.spacing(1) },
  },
  [`& .${LayoutClasses.appFrame}, & .${LayoutClasses.contentWithSidebar}, & .${LayoutClasses.content}, & .RaList-main`]:
    { minWidth: 0 },
  '& .RaDatagrid-tableWrapper, & .RaDataTable-tableWrapper': { overflowX: 'auto' },
}));

/** react-admin's layout frame: skip link, app bar, sidebar with the menu, and the content behind an error boundary. */
const Layout = ({ children }: { children: ReactNode }) => {
  const [errorInfo, setErrorInfo] = useState<ErrorInfo | undefined>(undefined);
  return (
    <Frame className="layout">
      <SkipNavigationButton />
      <div className={LayoutClasses.appFrame}>
        <AppBar />
        <main className={LayoutClasses.contentWithSidebar}>
          <Sidebar>
            <Menu />
          </Sidebar>
          <div id="main-content" className={LayoutClasses.content}>
            <ErrorBoundary
              onError={(_error, info) => setErrorInfo(info)}
              fallbackRender={({ error, resetErrorBoundary }) => (
                <RaError
                  error={error}
                  errorComponent={LayoutErrorPage}
                  errorInfo={errorInfo}
                  resetErrorBoundary={resetErrorBoundary}
                />
              )}
            >
              <Suspense fallback={<Loading />}>{children}</Suspense>
            </ErrorBoundary>
          </div>
        </main>
      </div>
    </Frame>
  );
};

/**
 * The default layout: app bar (brand, language, user menu), sidebar menu, content and footer. The content fades
 * between pages, shows the error page on errors (menu and user menu stay usable) and is reset on the next route.
 */
export const AppLayout = ({ children }: { children: ReactNode }) => (
  <BrandTheme>
    <MuiLanguage>
      <Layout>
        <ShellServices />
        <SessionExpiryWatcher />
        <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }}>
          <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
            <PageTransition>
              <ErrorPageGate>
                <NamedCreatedNotices>{children}</NamedCreatedNotices>
              </ErrorPageGate>
            </PageTransition>
          </Box>
          <Footer />
        </Box>
      </Layout>
    </MuiLanguage>
  </BrandTheme>
);
