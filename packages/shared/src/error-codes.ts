/**
 * Every error code the API answers with, in one list for both sides: the server throws
 * them, the browser compares against them. Zod-free, so the browser imports it as it is.
 */
export const ErrorCode = {
  badRequest: 'BAD_REQUEST',
  validation: 'VALIDATION_FAILED',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  foreignOrigin: 'FOREIGN_ORIGIN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  rateLimited: 'RATE_LIMITED',
  internal: 'INTERNAL_ERROR',
  unavailable: 'SERVICE_UNAVAILABLE',
  balanceLimit: 'BALANCE_LIMIT',
  idempotencyKeyReused: 'IDEMPOTENCY_KEY_REUSED',
  miningPaused: 'MINING_PAUSED',
  miningElsewhere: 'MINING_ELSEWHERE',
  noSession: 'NO_SESSION',
  tooManyStreams: 'TOO_MANY_STREAMS',
  invalidAmount: 'INVALID_AMOUNT',
  insufficientBalance: 'INSUFFICIENT_BALANCE',
  invalidToken: 'INVALID_TOKEN',
  invalidCredentials: 'INVALID_CREDENTIALS',
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
  accountBanned: 'ACCOUNT_BANNED',
  usernameTaken: 'USERNAME_TAKEN',
  /** Decision 055: a post or comment needs a username first; the composer asks for one. */
  usernameRequired: 'USERNAME_REQUIRED',
  /** The password must be entered again first (it was last entered too long ago). */
  reauthenticationRequired: 'REAUTHENTICATION_REQUIRED',
  /** Decision 027: a wrong TOTP or recovery code. */
  twoFactorCodeInvalid: 'TWO_FACTOR_CODE_INVALID',
  /** The sign-in waiting for its second factor is gone (expired, or too many wrong codes). */
  twoFactorSignInExpired: 'TWO_FACTOR_SIGN_IN_EXPIRED',
  /** Admins must set two-factor up before anything else (the admin setting is on). */
  twoFactorEnrolmentRequired: 'TWO_FACTOR_ENROLMENT_REQUIRED',
  /** Decision 058: too many requests of this expensive kind right now; come back in a moment (503). */
  busy: 'BUSY',
  /** The browser's own: an answer that was not the API's error shape (a proxy's 502 page, say). */
  httpError: 'HTTP_ERROR',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
