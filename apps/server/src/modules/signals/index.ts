export { signalRoutes } from './routes.ts';
