import { hash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: for session cookies and email links (D3: at least 128 bits). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Tokens are stored by their SHA-256, so a database leak yields no usable session or link. Every
 * signed-in request hashes its cookie: the one-shot `hash` is about three times quicker than a
 * `createHash` object for a token this short (docs/decisions/041).
 */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}
