import { createHash, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT, SITE_NAME } from '@btcp/shared';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/**
 * TOTP as every authenticator app speaks it (RFC 6238 defaults: SHA-1, 6 digits, 30 s), with a
 * 160-bit key. A code of the step before or after is accepted too, for clocks a little apart.
 */
const PERIOD_SECONDS = 30;
const WINDOW_STEPS = 1;

function totpOf(secret: string, label = 'account') {
  return new TOTP({
    issuer: SITE_NAME,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function otpauthUri(secret: string, accountName: string): string {
  return totpOf(secret, accountName).toString();
}

export function qrCodeSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/** The time step a right code belongs to, or null: its replay is refused by the caller. */
export function matchingStep(secret: string, code: string, now: Date): number | null {
  const delta = totpOf(secret).validate({
    token: code,
    timestamp: now.getTime(),
    window: WINDOW_STEPS,
  });
  if (delta === null) return null;
  return Math.floor(now.getTime() / (PERIOD_SECONDS * 1000)) + delta;
}

/** Lower-case letters and digits a person reads back without doubt (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes of 10 characters (about 49 bits each), written `xxxxx-xxxxx`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from(
      { length: 10 },
      () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
    ).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** A recovery code as typed (any case, with or without its dash) to the hash it is kept as. */
export function recoveryCodeHash(code: string): string {
  const normalised = code.toLowerCase().replace(/[^a-z0-9]/g, '');
  return createHash('sha256').update(`recovery-code:${normalised}`).digest('hex');
}
