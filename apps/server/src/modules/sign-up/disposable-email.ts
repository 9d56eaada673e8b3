import { signUpMessages } from '@btcp/shared';
import { disposableEmailBlocklist } from 'disposable-email-domains-js';
import type { Config } from '#server/config.ts';
import { badRequest } from '#server/errors.ts';

/**
 * One mailbox, one account (decision 031): addresses at throwaway-mail services are refused. The
 * list is the community-kept disposable-email-domains list as packaged by disposable-email-domains-js;
 * the operator adds domains (DISPOSABLE_EMAIL_DOMAINS) and lets others through
 * (DISPOSABLE_EMAIL_DOMAINS_ALLOWED). A domain matches itself and every domain under it.
 */
let packaged: ReadonlySet<string> | null = null;

function isListed(domain: string, listed: ReadonlySet<string>): boolean {
  const labels = domain.split('.');
  // mail.example.com is checked as itself, then example.com (a bare top-level domain never).
  for (let i = 0; i < labels.length - 1; i++) {
    if (listed.has(labels.slice(i).join('.'))) return true;
  }
  return false;
}

export function isDisposableEmail(config: Config, email: string): boolean {
  const domain = email
    .slice(email.lastIndexOf('@') + 1)
    .toLowerCase()
    .replace(/\.$/, '');
  if (isListed(domain, config.disposableEmailDomainsAllowed)) return false;
  packaged ??= new Set(disposableEmailBlocklist());
  return isListed(domain, config.disposableEmailDomains) || isListed(domain, packaged);
}

/** 400 on the named field for a disposable address. */
export function refuseDisposableEmail(config: Config, email: string, field: string): void {
  if (isDisposableEmail(config, email)) {
    throw badRequest(signUpMessages.disposableEmail, { [field]: signUpMessages.disposableEmail });
  }
}
