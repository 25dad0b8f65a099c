import type { ReactNode } from 'react';
import { AppBar as RaAppBar, AppBarClasses, Layout, LoadingIndicator, TitlePortal } from 'react-admin';
import { Box } from '@mui/material';
import { LanguageMenu } from './LanguageMenu';
import { Menu } from './Menu';
import { UserMenu } from './UserMenu';
import { Footer } from './Footer';
import { ConnectivityIndicator } from './ConnectivityIndicator';
import { DocumentTitle } from './DocumentTitle';

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
    <TitlePortal className={AppBarClasses.title} component="h1" />
  </RaAppBar>
);

/** The default layout: app bar (language, user menu), sidebar menu, content and footer. */
export const AppLayout = ({ children }: { children: ReactNode }) => (
  <Layout appBar={AppBar} menu={Menu}>
    <DocumentTitle />
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }}>
      <Box sx={{ flex: 1 }}>{children}</Box>
      <Footer />
    </Box>
  </Layout>
);
