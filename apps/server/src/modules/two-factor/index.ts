export {
  type FactorOwner,
  hasConfirmedFactor,
  hasConfirmedFactorColumn,
  resetTwoFactorByEmail,
  wrongCode,
} from './factors.ts';
export { accountTwoFactorRoutes, adminTwoFactorRoutes, twoFactorPolicyRoutes } from './routes.ts';
export {
  answerPendingSignIn,
  beginPendingSignIn,
  endPendingSignIns,
  findPendingSignIn,
  type PendingAnswer,
  signedInMember,
  signInExpired,
} from './sign-in.ts';
