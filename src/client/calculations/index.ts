/** The calculation screens: routes for App.tsx's CustomRoutes. */
export { calculationRoutes } from './routes';
