export { openClusterMembers } from './detect.ts';
export { signalRoutes } from './routes.ts';
