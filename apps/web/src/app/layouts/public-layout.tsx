import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { SiteFooter } from '#web/components/site-footer.tsx';
import { ScrollRestoration } from './scroll-restoration.tsx';
import { SiteHeader } from './site-header.tsx';

/**
 * The public pages' frame. Header, page and footer are each a Suspense boundary: on a page the
 * server rendered, React hydrates them one by one and lets the browser work between them, instead
 * of in one long task that would hold up a tap (docs/decisions/016). Nothing in them suspends
 * otherwise, so the empty fallbacks never show.
 */
export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="fixed top-3 left-3 z-[60] -translate-y-24 rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground shadow-md transition-transform focus:translate-y-0"
      >
        Skip to content
      </a>
      <Suspense fallback={null}>
        <SiteHeader />
      </Suspense>
      {/* tabIndex lets the skip link move focus here, not only the view. */}
      <main id="main" tabIndex={-1} className="flex-1 pt-16 outline-none">
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <SiteFooter />
      </Suspense>
      <ScrollRestoration />
    </div>
  );
}
