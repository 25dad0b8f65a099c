/** Orders of CO2 offset contributions: routes for App.tsx and the link others use to start an order. */
export { orderRoutes } from './routes';
export { newOrderPath } from './orderPath';
