import { authMessages, ErrorCode, PASSWORD_MIN_LENGTH } from '@btcp/shared';
import { dictionary } from '@zxcvbn-ts/language-common';
import argon2 from 'argon2';
import { AppError, badRequest } from '../errors.ts';

/**
 * argon2 costs ~64 MiB and tens of milliseconds of CPU per call, so a flood of sign-in attempts
 * could starve every other request (docs/decisions/012). At most this many run at once in a
 * process (one per core of the machine we size for); at most MAX_WAITING wait for a turn, and
 * beyond that the caller is told to come back (429), never made to wait without bound.
 */
export const MAX_CONCURRENT_HASHES = 2;
const MAX_WAITING = 32;

let running = 0;
let peakRunning = 0;
const waiting: (() => void)[] = [];

/** For tests: the most argon2 operations seen running at once since the last reset. */
export function hashingPeak(reset = false): number {
  const peak = peakRunning;
  if (reset) peakRunning = running;
  return peak;
}

async function withHashingSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) {
    if (waiting.length >= MAX_WAITING) {
      throw new AppError(
        429,
        ErrorCode.rateLimited,
        'The server is busy checking passwords. Please try again in a few seconds.',
        undefined,
        { 'retry-after': '5' },
      );
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  running += 1;
  peakRunning = Math.max(peakRunning, running);
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/** D2: argon2id with the library's defaults (64 MiB, 3 passes, parallelism 4), OWASP's minimums. */
export const PASSWORD_HASH_COST = { memoryCost: 65_536, timeCost: 3, parallelism: 4 } as const;

type HashCost = { memoryCost: number; timeCost: number; parallelism: number };
let hashCost: HashCost = PASSWORD_HASH_COST;

/**
 * For the test suite only, as Devise's test stretches are: hundreds of sign-ups at D2's cost
 * spend most of a run in argon2. A hash carries its own parameters, so checking one made at
 * another cost still works; the app itself never calls this.
 */
export function setPasswordHashCost(cost: HashCost): void {
  hashCost = cost;
}

function hashPassword(password: string): Promise<string> {
  return withHashingSlot(() => argon2.hash(password, { type: argon2.argon2id, ...hashCost }));
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await withHashingSlot(() => argon2.verify(hash, password));
  } catch (error) {
    if (error instanceof AppError) throw error;
    return false;
  }
}

let dummyHash: Promise<string> | null = null;
/** Spends the time of a real check when there is no account, so timing does not reveal one. */
export async function verifyAgainstNothing(password: string): Promise<void> {
  // A refusal (the hashing queue was full) must not be remembered as the dummy hash forever.
  dummyHash ??= hashPassword('no-such-account-placeholder').catch((error: unknown) => {
    dummyHash = null;
    throw error;
  });
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

/** D2's strength rule, the same for users and admins; `field` names the form field in the 400. */
export function assertStrongPassword(password: string, field = 'password'): void {
  if (isCommonPassword(password)) {
    throw badRequest(authMessages.passwordTooCommon, { [field]: authMessages.passwordTooCommon });
  }
}

/**
 * The one way to hash a password someone is choosing (register, change, reset, admin create and
 * change, the CLI): the strength rule is checked first, so no path can skip it.
 */
export async function hashNewPassword(password: string, field = 'password'): Promise<string> {
  assertStrongPassword(password, field);
  return hashPassword(password);
}
