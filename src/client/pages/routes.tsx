/**
 * The shell's own pages as lazily loaded routes (one chunk each, behind the chunk-failure guard), for
 * `<CustomRoutes>` in App.tsx. The login pages are not lazy: they are the first thing a visitor sees.
 */
import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { lazyPage } from '../shell/navigation/lazyPage';

const ProfilePage = lazyPage(() => import('./profile/ProfilePage'));
const ErrorWithUserPage = lazyPage(() => import('../shell/errors/ErrorWithUserPage'));

/** `<Admin catchAll>`. */
export const NotFoundPage = lazyPage(() => import('./errors/NotFound'));

/** Spread into the layout's `<CustomRoutes>`: the profile and the error page. */
export const shellRoutes: ReactElement[] = [
  <Route key="profile" path="/profile" element={<ProfilePage />} />,
  <Route key="error-with-user" path="/error-with-user" element={<ErrorWithUserPage />} />,
];
