/** Passkey limits and words, zod-free, so the sign-in page imports them without the schemas. */

export const PASSKEY_NAME_MAX_LENGTH = 50;
/** How many passkeys one member may hold; enough for every device, few enough to list at once. */
export const PASSKEYS_PER_MEMBER = 20;

export const passkeyMessages = {
  title: 'Passkeys',
  description:
    'Sign in with your fingerprint, face or device PIN instead of your password. A passkey stays on your device and cannot be phished.',
  empty: 'No passkeys yet.',
  add: 'Add a passkey',
  adding: 'Waiting for your device...',
  added: 'Passkey added',
  renamed: 'Passkey renamed',
  removed: 'Passkey removed',
  signIn: 'Sign in with a passkey',
  signingIn: 'Waiting for your passkey...',
  useForReauthentication: 'Use a passkey',
  /** Any failed passkey sign-in: the same words whether or not the passkey is known here. */
  signInFailed: 'This passkey could not sign you in. Try again, or sign in with your password.',
  reauthenticationFailed:
    'This passkey could not confirm it’s you. Try again or use your password.',
  registrationFailed: 'The passkey could not be added. Please try again.',
  challengeExpired: 'This passkey request has expired or was already used. Please try again.',
  alreadyRegistered: 'This passkey is already on your account.',
  tooMany: `You can keep at most ${PASSKEYS_PER_MEMBER} passkeys. Remove one first.`,
  none: 'Your account has no passkey.',
  notFound: 'Passkey not found',
  unsupported: 'This browser does not support passkeys.',
  cancelled: 'The passkey request was cancelled or timed out.',
} as const;
