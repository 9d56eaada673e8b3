import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: for session cookies and email links (D3: at least 128 bits). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored by their SHA-256, so a database leak yields no usable session or link. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
