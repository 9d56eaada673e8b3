export { cachedDatabaseFigures, type DatabaseFigures, readDatabaseFigures } from './figures.ts';
export { probeRoutes } from './probe-routes.ts';
export { createReadiness, type Readiness } from './readiness.ts';
export { healthRoutes } from './routes.ts';
