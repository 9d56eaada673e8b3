export { publicModerationLogRoutes } from './public-routes.ts';
export { communityModerationRoutes } from './routes.ts';
export { applyUserFlags } from './user-flags.ts';
