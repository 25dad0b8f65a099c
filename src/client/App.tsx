import { useEffect, useState } from 'react';
import { createBrowserRouter, Route, RouterProvider } from 'react-router-dom';
import { CssBaseline } from '@mui/material';
import {
  AdminContext,
  CoreAdminUI,
  CustomRoutes,
  LoadingPage,
  Resource,
  localStorageStore,
  type I18nProvider,
  type ResourceProps,
} from 'react-admin';
import { createAuthProvider } from './providers/authProvider';
import { gatedResource } from './providers/RoleGate';
import { createDataProvider } from './providers/dataProvider';
import { createQueryClient } from './providers/queryClient';
import { getRuntimeConfig } from './providers/runtimeConfig';
import { useKontorI18nProvider } from './i18n/useKontorI18nProvider';
import { I18nProviderHolder } from './i18n/useSwitchLanguage';
import { resolveLayout } from './layout/layouts';
import { kontorTheme } from './layout/theme';
import { NotificationOnDemand } from './layout/NotificationOnDemand';
import { LoginPage } from './pages/login/LoginPage';
import { LogoutPage } from './pages/login/LogoutPage';
import {
  AccessDeniedPage,
  AuthCallbackPage,
  AuthenticationErrorPage,
  NotFoundPage,
  shellRoutes,
  signInRoutes,
} from './pages/routes';
import { DashboardPage } from './dashboard';
import { AppErrorPage } from './shell/errors/ErrorPages';
import users from './users';
import invitations from './invitations';
import mandants from './mandants';
import calculations, { calculationRoutes } from './calculations';
import protocol from './protocol';
import { migrationRoute } from './migrations';
import databases from './factors';
import units from './units';
import machines, { machineSets } from './machines';
import { statisticsRoute } from './statistics';
import collections from './collections';
import { compareRoute } from './compare';
import offsetProjects from './offsets';
import orders from './orders';
import templates from './template-editor';
import { importerRoute } from './imports';
import storefronts from './storefronts';

// Every role reaches these routes; those who may not use them are told so (not "not found"). The menu offers them by
// the same access rules. The mandants screen manages every mandant: it is for those who create them (a mandant admin
// keeps their own mandant's settings on the profile page).
const gatedUsers = gatedResource(users, { action: 'list', resource: 'users' });
const gatedInvitations = gatedResource(invitations, { action: 'list', resource: 'invitations' });
const gatedMandants = gatedResource(mandants, { action: 'create', resource: 'mandants' });
// The unit catalogue's screen is for those who keep it; everyone else reads the catalogue through the forms.
const gatedUnits = gatedResource(units, { action: 'create', resource: 'units' });
const gatedStorefronts = gatedResource(storefronts, { action: 'list', resource: 'storefronts' });

/** The API's resources (the name is the one the dataProvider and the URL use) with their screens, in route order. */
const RESOURCES: Record<string, Omit<ResourceProps, 'name'>> = {
  calculations,
  collections,
  'carbon-offset-projects': offsetProjects,
  orders,
  protocol,
  templates,
  users: gatedUsers,
  invitations: gatedInvitations,
  mandants: gatedMandants,
  databases,
  units: gatedUnits,
  machines,
  'machine-sets': machineSets,
  storefronts: gatedStorefronts,
};

/** react-admin's store keys are prefixed `RaStoreKontor.` in localStorage. */
export const STORE_APP_KEY = 'Kontor';

const KontorAdmin = ({ i18nProvider }: { i18nProvider: I18nProvider }) => {
  const [dataProvider] = useState(createDataProvider);
  const [authProvider] = useState(createAuthProvider);
  const [queryClient] = useState(createQueryClient);
  const [store] = useState(() => {
    const s = localStorageStore(undefined, STORE_APP_KEY);
    // The language cookie / profile decide the language, not a locale left in the store by an earlier visit.
    s.setItem('locale', i18nProvider.getLocale());
    return s;
  });

  const providers = { dataProvider, authProvider, queryClient, store };
  // History mode (react-admin would default to a hash router): /collections, not /#/collections.
  // No transitions: react-admin's LogoutOnMount navigates to /login and clears the query cache in one tick; as a
  // transition the navigation lost to the cache's re-renders, which signed out again and again, and a cold start at /
  // stayed blank for 11–18 s before the login form (issue #18).
  // A data router, one splat route holding react-admin's own routes: only a data router can block a navigation, and
  // react-admin's `warnWhenUnsavedChanges` asks before leaving a form with unsaved input only then (issue #35).
  const [router] = useState(() =>
    createBrowserRouter([{ path: '*', element: <AdminShell i18nProvider={i18nProvider} {...providers} /> }]),
  );
  useEffect(() => () => router.dispose(), [router]);
  return <RouterProvider router={router} useTransitions={false} />;
};

const AdminShell = ({
  i18nProvider,
  dataProvider,
  authProvider,
  queryClient,
  store,
}: {
  i18nProvider: I18nProvider;
  dataProvider: ReturnType<typeof createDataProvider>;
  authProvider: ReturnType<typeof createAuthProvider>;
  queryClient: ReturnType<typeof createQueryClient>;
  store: ReturnType<typeof localStorageStore>;
}) => {
  return (
    <I18nProviderHolder initial={i18nProvider}>
      {(current) => (
        // <Admin> taken apart (<AdminContext> and ra-core's <CoreAdminUI>, which is what <AdminUI> wraps) with every screen
        // given: <Admin> and <AdminUI> bundle their defaults for the screens Kontor replaces (react-admin's layout, login
        // form with its form library, English i18nProvider) into the login page's chunk whether used or not (issue #22).
        <AdminContext
          dataProvider={dataProvider}
          authProvider={authProvider}
          queryClient={queryClient}
          i18nProvider={current}
          store={store}
          theme={kontorTheme}
        >
          <CssBaseline enableColorScheme>
            <CoreAdminUI
              layout={resolveLayout('default')}
              error={AppErrorPage}
              loginPage={LoginPage}
              dashboard={DashboardPage}
              catchAll={NotFoundPage}
              title={getRuntimeConfig().provider.name}
              loading={LoadingPage}
              accessDenied={AccessDeniedPage}
              authenticationError={AuthenticationErrorPage}
              authCallbackPage={AuthCallbackPage}
              requireAuth
              disableTelemetry
            >
              <CustomRoutes noLayout>
                {signInRoutes}
                <Route path="/logout" element={<LogoutPage />} />
              </CustomRoutes>
              <CustomRoutes>
                {statisticsRoute}
                {importerRoute}
                {migrationRoute}
                {shellRoutes}
                {calculationRoutes}
                {compareRoute}
              </CustomRoutes>
              {Object.entries(RESOURCES).map(([name, definition]) => (
                <Resource key={name} name={name} {...definition} />
              ))}
            </CoreAdminUI>
            <NotificationOnDemand />
          </CssBaseline>
        </AdminContext>
      )}
    </I18nProviderHolder>
  );
};

export const App = () => {
  const i18nProvider = useKontorI18nProvider();
  // German is bundled, so this is only the moment a lazily loaded language takes to arrive.
  if (!i18nProvider) return null;
  return <KontorAdmin i18nProvider={i18nProvider} />;
};
