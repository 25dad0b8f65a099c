/** The carbon offset project catalogue (routes for App.tsx) and its pieces the order flow reuses. */
export { offsetProjectRoutes } from './routes';
