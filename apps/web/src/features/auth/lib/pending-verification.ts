const STORAGE_KEY = 'btcp-pending-verification';

/**
 * The address that just signed up, kept for this tab only, so the check-your-inbox page survives a
 * reload or a trip to the mail app and back, without putting the address in the URL.
 */
export function rememberPendingVerification(email: string): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, email);
  } catch {
    // Storage can be off (private modes); the page then asks for the address.
  }
}

export function pendingVerificationEmail(): string | null {
  try {
    return window.sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}
