export * from './api-error.ts';
export * from './health.ts';
export * from './paths.ts';
export * from './product.ts';
export * from './session.ts';
export * from './settings.ts';
