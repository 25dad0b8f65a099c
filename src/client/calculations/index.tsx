/**
 * Calculations as a react-admin resource on the product's own routes (DESIGN.md "Routes"): the list at
 * `/calculations` and `/calculations/{type}`; creating, editing and duplicating keep their specified paths
 * `/new/{template}`, `/edit/{id}`, `/duplicate/{id}` (and the pickers without the last segment), for `<CustomRoutes>`.
 * Each page is its own chunk (lazyPage: the top progress bar while it loads, a reload if it fails).
 */
import CalculateIcon from '@mui/icons-material/Calculate';
import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import type { CalculationRecord } from '../../core/api';
import { lazyPage } from '../shell/navigation/lazyPage';

const CalculationListPage = lazyPage(() => import('./CalculationListPage'));
const CalculationCreatePage = lazyPage(() => import('./CalculationCreatePage'));
const CalculationEditPage = lazyPage(() => import('./CalculationEditPage'));
const CalculationDuplicatePage = lazyPage(() => import('./CalculationDuplicatePage'));
const TemplatePickerPage = lazyPage(() => import('./TemplatePickerPage'));

export default {
  list: CalculationListPage,
  icon: CalculateIcon,
  options: { label: 'app.menu.calculations' },
  recordRepresentation: (record: CalculationRecord) => record.title,
  children: [<Route key="type" path=":type" element={<CalculationListPage />} />],
};

/** Spread into `<CustomRoutes>`: `{calculationRoutes}`. */
export const calculationRoutes: ReactElement[] = [
  <Route key="new-pick" path="/new" element={<TemplatePickerPage />} />,
  <Route key="new" path="/new/:template" element={<CalculationCreatePage />} />,
  <Route key="edit-pick" path="/edit" element={<CalculationListPage pick="edit" />} />,
  <Route key="edit" path="/edit/:id" element={<CalculationEditPage />} />,
  <Route key="duplicate-pick" path="/duplicate" element={<CalculationListPage pick="duplicate" />} />,
  <Route key="duplicate" path="/duplicate/:id" element={<CalculationDuplicatePage />} />,
];
