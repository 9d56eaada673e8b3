export { deliverEmailChange } from './email-change.ts';
export { sameMailbox } from './mailbox.ts';
export { accountRoutes } from './routes.ts';
export { assertUsernameFree, getAccount, isUsernameClash, usernameTakenError } from './service.ts';
