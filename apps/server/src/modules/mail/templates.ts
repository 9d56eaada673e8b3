import { SITE_NAME } from '@btcp/shared';
import { escapeHtml } from '#server/lib/html.ts';
import type { MailMessage } from './mailer.ts';

export function composeMessage(
  to: string,
  subject: string,
  paragraphs: string[],
  action: { label: string; url: string },
): MailMessage {
  const text = [...paragraphs, `${action.label}: ${action.url}`, `— The ${SITE_NAME} team`].join(
    '\n\n',
  );
  const html = [
    `<div style="font-family:system-ui,sans-serif;max-width:560px;margin:auto;color:#0b1220">`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#b45309;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>`,
    `<p style="color:#475569;font-size:13px">Or open this link: ${escapeHtml(action.url)}</p>`,
    `<p>— The ${SITE_NAME} team</p></div>`,
  ].join('');
  return { to, subject, text, html, links: [action.url] };
}

export function verifyEmailMessage(to: string, link: string): MailMessage {
  return composeMessage(
    to,
    `Verify your email for ${SITE_NAME}`,
    [
      `Welcome to ${SITE_NAME}! Please confirm that this is your email address to activate your account.`,
      'The link works for 24 hours. If you did not sign up, ignore this email.',
    ],
    { label: 'Verify email', url: link },
  );
}

export function resetPasswordMessage(to: string, link: string): MailMessage {
  return composeMessage(
    to,
    `Reset your ${SITE_NAME} password`,
    [
      'Someone asked to reset the password of your account. If it was you, choose a new password with the link below.',
      'The link works once, for 1 hour. If you did not ask for it, ignore this email: your password stays as it is.',
    ],
    { label: 'Reset password', url: link },
  );
}

/** Sent instead of a second verification when someone registers an address that has an account. */
export function alreadyRegisteredMessage(to: string, link: string): MailMessage {
  return composeMessage(
    to,
    `You already have a ${SITE_NAME} account`,
    [
      'Someone tried to register a new account with this email address, but it already has one.',
      'If it was you, sign in, or reset your password if you have forgotten it. If not, you can ignore this email.',
    ],
    { label: 'Sign in', url: link },
  );
}
