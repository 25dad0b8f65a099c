/** `/compare` as a lazily loaded route for App.tsx's CustomRoutes. */
import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { lazyPage } from '../shell/navigation/lazyPage';

const ComparePage = lazyPage(() => import('./ComparePage'));

export const compareRoute: ReactElement = <Route key="compare" path="/compare" element={<ComparePage />} />;
