/** The collection screens (routes for App.tsx) and the bulk actions they add to the calculations list. */
export { collectionRoutes } from './routes';
