import { Outlet, ScrollRestoration } from 'react-router';
import { SiteFooter } from '../../components/site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/** The public pages' frame: header, page, footer. */
export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="fixed top-3 left-3 z-[60] -translate-y-24 rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground shadow-md transition-transform focus:translate-y-0"
      >
        Skip to content
      </a>
      <SiteHeader />
      {/* tabIndex lets the skip link move focus here, not only the view. */}
      <main id="main" tabIndex={-1} className="flex-1 pt-16 outline-none">
        <Outlet />
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}
