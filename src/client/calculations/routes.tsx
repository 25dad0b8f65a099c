/**
 * The calculation screens on the product's own routes (DESIGN.md "Routes"), as react-admin CustomRoutes children.
 * Each page is its own chunk (route-level lazyPage: the top progress bar while it loads, a reload if it fails).
 */
import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { lazyPage } from '../shell/navigation/lazyPage';

const CalculationListPage = lazyPage(() => import('./CalculationListPage'));
const CalculationCreatePage = lazyPage(() => import('./CalculationCreatePage'));
const CalculationEditPage = lazyPage(() => import('./CalculationEditPage'));
const CalculationDuplicatePage = lazyPage(() => import('./CalculationDuplicatePage'));
const TemplatePickerPage = lazyPage(() => import('./TemplatePickerPage'));

/** Spread into `<CustomRoutes>`: `{calculationRoutes}`. */
export const calculationRoutes: ReactElement[] = [
  <Route key="calculations" path="/calculations" element={<CalculationListPage />} />,
  <Route key="calculations-type" path="/calculations/:type" element={<CalculationListPage />} />,
  <Route key="new-pick" path="/new" element={<TemplatePickerPage />} />,
  <Route key="new" path="/new/:template" element={<CalculationCreatePage />} />,
  <Route key="edit-pick" path="/edit" element={<CalculationListPage pick="edit" />} />,
  <Route key="edit" path="/edit/:id" element={<CalculationEditPage />} />,
  <Route key="duplicate-pick" path="/duplicate" element={<CalculationListPage pick="duplicate" />} />,
  <Route key="duplicate" path="/duplicate/:id" element={<CalculationDuplicatePage />} />,
];
