/**
 * The calculation screens on the product's own routes (DESIGN.md "Routes"), as react-admin CustomRoutes children.
 * Each page is its own chunk (route-level lazyPage: the top progress bar while it loads, a reload if it fails).
 */
import { Suspense, type ComponentType, type ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { lazyPage } from '../shell/navigation/lazyPage';
import { RouteLoading } from '../shell/progress/RouteLoading';

const CalculationListPage = lazyPage(() => import('./CalculationListPage'));
const CalculationCreatePage = lazyPage(() => import('./CalculationCreatePage'));
const CalculationEditPage = lazyPage(() => import('./CalculationEditPage'));
const CalculationDuplicatePage = lazyPage(() => import('./CalculationDuplicatePage'));
const TemplatePickerPage = lazyPage(() => import('./TemplatePickerPage'));

function page<P extends object>(Component: ComponentType<P>, props: P): ReactElement {
  return (
    <Suspense fallback={<RouteLoading />}>
      <Component {...props} />
    </Suspense>
  );
}

/** Spread into `<CustomRoutes>`: `{calculationRoutes}`. */
export const calculationRoutes: ReactElement[] = [
  <Route key="calculations" path="/calculations" element={page(CalculationListPage, {})} />,
  <Route key="calculations-type" path="/calculations/:type" element={page(CalculationListPage, {})} />,
  <Route key="new-pick" path="/new" element={page(TemplatePickerPage, {})} />,
  <Route key="new" path="/new/:template" element={page(CalculationCreatePage, {})} />,
  <Route key="edit-pick" path="/edit" element={page(CalculationListPage, { pick: 'edit' })} />,
  <Route key="edit" path="/edit/:id" element={page(CalculationEditPage, {})} />,
  <Route key="duplicate-pick" path="/duplicate" element={page(CalculationListPage, { pick: 'duplicate' })} />,
  <Route key="duplicate" path="/duplicate/:id" element={page(CalculationDuplicatePage, {})} />,
];
