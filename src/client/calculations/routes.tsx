/**
 * The calculation screens on the product's own routes (DESIGN.md "Routes"), as react-admin CustomRoutes children.
 * Each page is its own chunk (route-level React.lazy).
 */
import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { PageLoading } from './PageState';

const CalculationListPage = lazy(() => import('./CalculationListPage'));
const CalculationCreatePage = lazy(() => import('./CalculationCreatePage'));
const CalculationEditPage = lazy(() => import('./CalculationEditPage'));
const CalculationDuplicatePage = lazy(() => import('./CalculationDuplicatePage'));
const TemplatePickerPage = lazy(() => import('./TemplatePickerPage'));

function page<P extends object>(Component: ComponentType<P>, props: P): ReactElement {
  return (
    <Suspense fallback={<PageLoading />}>
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
