/**
 * The shell's own pages as lazily loaded routes (one chunk each, behind the chunk-failure guard), for
 * `<CustomRoutes>` in App.tsx. The login page itself is not lazy: it is the first thing a visitor sees. The pages
 * reached from it or from a link in an e-mail are: they would carry the password rules and the e-mail check into the
 * login page's chunk (issue #22).
 */
import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { lazyPage } from '../shell/navigation/lazyPage';

const ProfilePage = lazyPage(() => import('./profile/ProfilePage'));
const ErrorWithUserPage = lazyPage(() => import('../shell/errors/ErrorWithUserPage'));

const ForgotPasswordPage = lazyPage(() =>
  import('./login/ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazyPage(() =>
  import('./login/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })),
);
const AcceptInvitationPage = lazyPage(() =>
  import('./login/AcceptInvitationPage').then((m) => ({ default: m.AcceptInvitationPage })),
);

/** `<Admin accessDenied>`, `<Admin authenticationError>`, `<Admin authCallbackPage>`. */
export const AccessDeniedPage = lazyPage(() =>
  import('../shell/errors/authScreens').then((m) => ({ default: m.AccessDenied })),
);
export const AuthenticationErrorPage = lazyPage(() =>
  import('../shell/errors/authScreens').then((m) => ({ default: m.AuthenticationError })),
);
export const AuthCallbackPage = lazyPage(() =>
  import('../shell/errors/authScreens').then((m) => ({ default: m.AuthCallback })),
);

/** `<Admin catchAll>`. */
export const NotFoundPage = lazyPage(() => import('./errors/NotFound'));

/** Spread into the layout's `<CustomRoutes>`: the profile and the error page. */
export const shellRoutes: ReactElement[] = [
  <Route key="profile" path="/profile" element={<ProfilePage />} />,
  <Route key="error-with-user" path="/error-with-user" element={<ErrorWithUserPage />} />,
];

/** Spread into the `<CustomRoutes noLayout>` beside the login page: the pages a signed-out visitor reaches. */
export const signInRoutes: ReactElement[] = [
  <Route key="forgot-password" path="/login/forgot-password" element={<ForgotPasswordPage />} />,
  <Route key="reset" path="/login/reset" element={<ResetPasswordPage />} />,
  <Route key="invitation" path="/login/invitation" element={<AcceptInvitationPage />} />,
];
