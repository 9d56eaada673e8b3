/**
 * A link to one of our pages as someone else will open it (shared, copied, sent): the app's own
 * origin, the one the browser loaded it from, before the page's path.
 */
export const absoluteUrl = (path: string): string => `${window.location.origin}${path}`;
