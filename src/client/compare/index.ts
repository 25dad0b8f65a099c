/** The compare screen: its route and the shareable path builder. */
export { compareRoute } from './routes';
