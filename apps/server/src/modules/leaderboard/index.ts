export { leaderboardRoutes } from './routes.ts';
