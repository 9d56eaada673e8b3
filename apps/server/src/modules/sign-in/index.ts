export { authRoutes } from './routes.ts';
export { askForSecondFactor, twoFactorSignInRoutes } from './second-factor-routes.ts';
export { deliverAccountMail } from './service.ts';
