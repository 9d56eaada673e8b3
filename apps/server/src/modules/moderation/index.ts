export { publicModerationLogRoutes } from './public-routes.ts';
export { reportModerationRoutes } from './report-routes.ts';
export { communityModerationRoutes } from './routes.ts';
export { applyUserFlags } from './user-flags.ts';
