import { PASSWORD_MIN_LENGTH } from '@btcp/shared';
import { dictionary } from '@zxcvbn-ts/language-common';
import argon2 from 'argon2';

/**
 * D2: argon2id with the library's defaults (64 MiB, 3 passes, parallelism 4), which meet OWASP's
 * recommended minimums.
 */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;
/** Spends the time of a real check when there is no account, so timing does not reveal one. */
export async function verifyAgainstNothing(password: string): Promise<void> {
  dummyHash ??= hashPassword('no-such-account-placeholder');
  await verifyPassword(await dummyHash, password);
}

/**
 * The most common passwords (ASVS 6.2.4), from zxcvbn-ts's list of ~50,000 leaked passwords; only
 * those long enough to pass the length rule matter.
 */
const commonPasswords = new Set(
  dictionary.passwords.filter((entry) => entry.length >= PASSWORD_MIN_LENGTH),
);

export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}
