export { purgeExpiredChallenges } from './ceremony.ts';
export { passkeyAccountRoutes, passkeyAuthRoutes } from './routes.ts';
