type ClassValue = string | false | null | undefined;

/**
 * Joins class names, skipping falsy ones. It does not resolve Tailwind conflicts (no tailwind-merge,
 * to keep the entry chunk small), so callers pass extra classes that add to, not fight, the base.
 */
export function cn(...classes: ClassValue[]): string {
  return classes.filter(Boolean).join(' ');
}
