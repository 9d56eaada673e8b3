/**
 * One mailbox, one account (decision 031): the address as its mailbox sees it. Every address is
 * compared in lower case; these providers also deliver `first.last+tag@` to `firstlast@`, so the
 * dots (Gmail only) and the +tag are dropped. Mail is still sent to the address as typed.
 * `"x"@host` and `x@host.` are `x@host` too: the forms refuse them now, rows stored before did not.
 * The migrations that fill the column (0015, and 0017 for those spellings) compute the same in
 * SQL: keep them in step.
 */
const IGNORES_TAGS = new Set([
  'gmail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'proton.me',
  'protonmail.com',
  'pm.me',
  'fastmail.com',
  'fastmail.fm',
]);
const IGNORES_DOTS = new Set(['gmail.com']);
const SAME_MAILBOX_AS: Record<string, string> = { 'googlemail.com': 'gmail.com' };

/** A quoted local part without its quotes, a backslash keeping only the character it escapes. */
const unquoted = (local: string) =>
  /^".*"$/s.test(local) ? local.slice(1, -1).replace(/\\(.)/gs, '$1') : local;

export function normalizeEmail(email: string): string {
  const lower = email.toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 0) return lower;
  const given = lower.slice(at + 1).replace(/\.+$/, '');
  const domain = SAME_MAILBOX_AS[given] ?? given;
  let local = unquoted(lower.slice(0, at));
  const untagged = local.split('+')[0] ?? '';
  if (IGNORES_TAGS.has(domain) && untagged !== '') local = untagged;
  const undotted = local.replaceAll('.', '');
  if (IGNORES_DOTS.has(domain) && undotted !== '') local = undotted;
  return `${local}@${domain}`;
}

/** The network an address belongs to, for per-network limits: an IPv4 /24 or an IPv6 /64. */
export function networkOf(ip: string): string {
  const v4 = ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip;
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(v4)) {
    return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  }
  return `${expandIpv6(ip).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, without leading zeros ('::' expanded). */
function expandIpv6(ip: string): string[] {
  const [head = '', tail] = ip.toLowerCase().split('%')[0]?.split('::') ?? [''];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const middle =
    tail === undefined ? [] : Array(Math.max(0, 8 - left.length - right.length)).fill('0');
  return [...left, ...middle, ...right].map((group) => group.replace(/^0+(?=.)/, ''));
}
