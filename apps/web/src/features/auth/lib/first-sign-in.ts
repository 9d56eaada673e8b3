const STORAGE_KEY = 'btcp-first-sign-in';

/**
 * Whether this tab's sign-in was the member's very first, as the server said (decision 057): the
 * dashboard greets them with "Welcome" then, "Welcome back" at any later sign-in. Kept for this
 * tab only, by account, so a reload keeps the greeting and another account does not inherit it.
 */
export function recordSignIn(userId: string, first: boolean): void {
  try {
    if (first) window.sessionStorage.setItem(STORAGE_KEY, userId);
    else window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage can be off (private modes); the greeting is then "Welcome back".
  }
}

export function isFirstSignIn(userId: string | undefined): boolean {
  if (!userId) return false;
  try {
    return window.sessionStorage.getItem(STORAGE_KEY) === userId;
  } catch {
    return false;
  }
}
