export { admitSignUp, type SignUpAttempt, signUpColumns } from './admission.ts';
export { refuseDisposableEmail } from './disposable-email.ts';
export { signUpSourceOf } from './network-limit.ts';
export { purgeSpentProofs, spendProof, type VerifiedProof, verifyProof } from './proof-of-work.ts';
export { signUpChallengeRoutes, signUpSettingsRoutes } from './routes.ts';
