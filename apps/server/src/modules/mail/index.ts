export { createOutboxMailer, createSmtpMailer, type Mailer } from './mailer.ts';
export { createMailDrainer, enqueueMail, type MailDeliverer, type MailDrainer } from './queue.ts';
export { mailboxRoutes } from './routes.ts';
export {
  isSecurityEvent,
  queueSecurityNotice,
  type SecurityEvent,
  securityNoticeMessage,
} from './security-notices.ts';
export {
  alreadyRegisteredMessage,
  composeMessage,
  resetPasswordMessage,
  verifyEmailMessage,
} from './templates.ts';
