import { SITE_NAME } from '@btcp/shared';
import type { DatabaseOrTransaction } from '#server/db/client.ts';
import type { MailMessage } from './mailer.ts';
import { enqueueMail } from './queue.ts';
import { composeMessage } from './templates.ts';

/**
 * What changed on an account that its owner must hear about by mail (decision 027): whoever
 * changed it, the owner learns at the address they trust, and can act if it was not them.
 */
const SECURITY_EVENTS = {
  two_factor_enabled: 'Two-factor authentication was turned on for your account.',
  two_factor_disabled: 'Two-factor authentication was turned off for your account.',
  recovery_codes_regenerated:
    'New recovery codes were made for your account; the old ones no longer work.',
  recovery_code_used: 'A recovery code was used to sign in to your account.',
  passkey_added: 'A passkey was added to your account.',
  passkey_removed: 'A passkey was removed from your account.',
  password_changed: 'The password of your account was changed.',
  email_change_requested:
    'Someone asked to change the email address of your account to another address.',
  email_changed:
    'The email address of your account was changed, and this address no longer signs in.',
  account_deleted:
    'Your account was deleted. Its sessions have ended and this address is free to register again.',
} as const;

export type SecurityEvent = keyof typeof SECURITY_EVENTS;

export function isSecurityEvent(value: unknown): value is SecurityEvent {
  return typeof value === 'string' && Object.hasOwn(SECURITY_EVENTS, value);
}

/** Queues the notice in the caller's transaction, so it goes out exactly when the change lands. */
export async function queueSecurityNotice(
  db: DatabaseOrTransaction,
  email: string,
  event: SecurityEvent,
  now: Date,
): Promise<void> {
  await enqueueMail(db, 'security_notice', email, now, { event });
}

export function securityNoticeMessage(
  to: string,
  event: SecurityEvent,
  origin: string,
): MailMessage {
  return composeMessage(
    to,
    `Security notice from ${SITE_NAME}`,
    [
      SECURITY_EVENTS[event],
      'If this was you, there is nothing to do. If it was not, reset your password at once and review your sessions on your account page.',
    ],
    { label: 'Review your account', url: `${origin}/account` },
  );
}
