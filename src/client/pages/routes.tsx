/**
 * The shell's own pages as lazily loaded routes (one chunk each, behind the chunk-failure guard), for
 * `<CustomRoutes>` in App.tsx. The login page itself is not lazy: it is the first thing a visitor sees. The pages
 * reached from it or from a link in an e-mail are: they would carry the password rules and the e-mail check into the
 * login page's chunk (issue #22).
 */
import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { lazyPage, lazyView } from '../shell/navigation/lazyPage';

const ProfilePage = lazyPage(() => import('./profile/ProfilePage'));
const ErrorWithUserPage = lazyPage(() => import('../shell/errors/ErrorWithUserPage'));

const ForgotPasswordPage = lazyView(() => import('./login/ForgotPasswordPage'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyView(() => import('./login/ResetPasswordPage'), 'ResetPasswordPage');
const AcceptInvitationPage = lazyView(() => import('./login/AcceptInvitationPage'), 'AcceptInvitationPage');

/** `<Admin accessDenied>`, `<Admin authenticationError>`, `<Admin authCallbackPage>`. */
export const AccessDeniedPage = lazyView(() => import('../shell/errors/authScreens'), 'AccessDenied');
export const AuthenticationErrorPage = lazyView(() => import('../shell/errors/authScreens'), 'AuthenticationError');
export const AuthCallbackPage = lazyView(() => import('../shell/errors/authScreens'), 'AuthCallback');

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
