export {
  type CountedReferral,
  minedSecondsCounted,
  payCountedReferrals,
  payQualifiedReferrals,
  recordReferral,
} from './qualifying.ts';
export { referralRoutes } from './routes.ts';
export { sweepQualifiedReferrals } from './service.ts';
