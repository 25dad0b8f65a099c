import { useState } from 'react';
import { BrowserRouter, Route } from 'react-router-dom';
import { Admin, CustomRoutes, Resource, localStorageStore, type I18nProvider } from 'react-admin';
import type { Role } from '../core/api';
import { createAuthProvider } from './providers/authProvider';
import { createDataProvider } from './providers/dataProvider';
import { getRuntimeConfig } from './providers/runtimeConfig';
import { useKontorI18nProvider } from './i18n/useKontorI18nProvider';
import { AppLayout } from './layout/AppLayout';
import { kontorTheme } from './layout/theme';
import { LoginPage } from './pages/login/LoginPage';
import { ForgotPasswordPage } from './pages/login/ForgotPasswordPage';
import { ResetPasswordPage } from './pages/login/ResetPasswordPage';
import { LogoutPage } from './pages/login/LogoutPage';
import { NotFound } from './pages/errors/NotFound';
import { NotAvailable } from './pages/NotAvailable';
import { Dashboard } from './pages/Dashboard';
import { ProfilePage } from './pages/profile/ProfilePage';
import users from './users';
import mandants from './mandants';
import { calculationRoutes } from './calculations';
import { protocolRoute } from './protocol';

/** react-admin's store keys are prefixed `RaStoreKontor.` in localStorage. */
export const STORE_APP_KEY = 'Kontor';

/** Screens of the product that are not built yet; each gets the translated "not available yet" page. */
const PENDING_SCREENS: ReadonlyArray<[path: string, label: string]> = [
  ['/collections', 'app.menu.collections'],
  ['/compare', 'app.menu.compare'],
  ['/importer', 'app.menu.importer'],
  ['/migrations', 'app.menu.migrations'],
  ['/carbon-offset-projects', 'app.menu.carbon_offset_projects'],
  ['/statistics', 'app.menu.statistics'],
];

const KontorAdmin = ({ i18nProvider }: { i18nProvider: I18nProvider }) => {
  const [dataProvider] = useState(createDataProvider);
  const [authProvider] = useState(createAuthProvider);
  const [store] = useState(() => {
    const s = localStorageStore(undefined, STORE_APP_KEY);
    // The language cookie / profile decide the language, not a locale left in the store by an earlier visit.
    s.setItem('locale', i18nProvider.getLocale());
    return s;
  });

  // History mode (react-admin would default to a hash router): /collections, not /#/collections.
  return (
    <BrowserRouter>
    <Admin
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      store={store}
      theme={kontorTheme}
      layout={AppLayout}
      loginPage={LoginPage}
      dashboard={Dashboard}
      catchAll={NotFound}
      title={getRuntimeConfig().provider.name}
      requireAuth
      disableTelemetry
    >
      <CustomRoutes noLayout>
        <Route path="/login/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/login/reset" element={<ResetPasswordPage />} />
        <Route path="/logout" element={<LogoutPage />} />
      </CustomRoutes>
      <CustomRoutes>
        {PENDING_SCREENS.map(([path, label]) => (
          <Route key={path} path={path} element={<NotAvailable screen={label} />} />
        ))}
        <Route path="/profile" element={<ProfilePage />} />
        {calculationRoutes}
        {protocolRoute}
      </CustomRoutes>
      {(permissions: Role | null) => (
        <>
          {permissions === 'provider_admin' || permissions === 'mandant_admin' ? (
            <Resource name="users" {...users} />
          ) : null}
          {permissions === 'provider_admin' ? <Resource name="mandants" {...mandants} /> : null}
        </>
      )}
    </Admin>
    </BrowserRouter>
  );
};

export const App = () => {
  const i18nProvider = useKontorI18nProvider();
  // German is bundled, so this is only the moment a lazily loaded language takes to arrive.
  if (!i18nProvider) return null;
  return <KontorAdmin i18nProvider={i18nProvider} />;
};

export default App;
