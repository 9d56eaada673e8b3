import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'btcp:scroll-positions';

/** Where each history entry was scrolled to when left, kept for the tab's life (a reload included). */
const positions: Record<string, number> = (() => {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
})();

/**
 * A page opened by a link starts at its top (or at its #anchor); Back and Forward return to where
 * the reader was. What react-router's data router did with its own ScrollRestoration, for the
 * declarative router the app uses (docs/decisions/018).
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();

  // Kept as the reader scrolls, so the position is the one they saw, not one the next page's
  // shorter content has already cut short.
  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual';
    const record = () => {
      positions[location.key] = window.scrollY;
    };
    const persist = () => {
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
      } catch {
        // A full or unavailable storage only costs the position after a reload.
      }
    };
    window.addEventListener('scroll', record, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', record);
      window.removeEventListener('pagehide', persist);
    };
  }, [location.key]);

  useLayoutEffect(() => {
    const saved = positions[location.key];
    if (navigationType === 'POP' && saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    const target = location.hash
      ? document.getElementById(decodeURIComponent(location.hash.slice(1)))
      : null;
    if (target) target.scrollIntoView();
    else if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [location.key, location.hash, navigationType]);

  return null;
}
