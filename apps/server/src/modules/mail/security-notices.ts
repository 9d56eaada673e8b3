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
  two_factor_codes_guessed:
    'Someone who knows the password of your account has entered too many wrong two-factor codes for it. Your codes kept them out, and signing in to your account with a code is paused for a while, even for you.',
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

const IF_IT_WAS_NOT_YOU =
  'If this was you, there is nothing to do. If it was not, reset your password at once and review your sessions on your account page.';

/** What to do, where the usual line does not fit: a notice about someone else at the door. */
const ADVICE: Partial<Record<SecurityEvent, string>> = {
  two_factor_codes_guessed:
    'Change your password now, unless the wrong codes were yours: whoever entered them knows it. Then review your sessions on your account page.',
};

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
    [SECURITY_EVENTS[event], ADVICE[event] ?? IF_IT_WAS_NOT_YOU],
    { label: 'Review your account', url: `${origin}/account` },
  );
}
