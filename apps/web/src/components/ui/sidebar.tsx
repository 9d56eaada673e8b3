import { type LucideIcon, PanelLeft } from 'lucide-react';
import {
  type ComponentProps,
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import { NavLink } from 'react-router';
import { cn } from '#web/lib/cn.ts';
import { Button } from './button.tsx';
import { Sheet, SheetContent, SheetTitle } from './sheet.tsx';

/**
 * A collapsible sidebar: 16rem open or a 3rem icon rail on desktop, an 18rem off-canvas
 * sheet below 768 px. Ctrl+B / Cmd+B toggles it; the desktop state is kept in a cookie for 7 days.
 */
export const SIDEBAR_COOKIE = 'sidebar_state';
const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
const SIDEBAR_ID = 'app-sidebar';
const MOBILE_QUERY = '(max-width: 767px)';

export function readSidebarCookie(): boolean {
  const match = document.cookie.match(/(?:^|;\s*)sidebar_state=(true|false)(?:;|$)/);
  return match ? match[1] === 'true' : true;
}

const sidebarCookieListeners = new Set<() => void>();

function writeSidebarCookie(open: boolean): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie; the Cookie Store API is not everywhere yet
  document.cookie = `${SIDEBAR_COOKIE}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax`;
  for (const listener of sidebarCookieListeners) listener();
}

function subscribeToSidebarCookie(listener: () => void): () => void {
  sidebarCookieListeners.add(listener);
  return () => sidebarCookieListeners.delete(listener);
}

/**
 * Open or not, as the cookie says. Read through an external store so the server (which renders a
 * member's community pages in this frame, and has no document) and the hydrating browser agree on
 * "open"; a browser whose cookie says otherwise closes it right after.
 */
function useSidebarOpen(): boolean {
  return useSyncExternalStore(subscribeToSidebarCookie, readSidebarCookie, () => true);
}

function subscribeToMobile(listener: () => void): () => void {
  const media = window.matchMedia(MOBILE_QUERY);
  media.addEventListener('change', listener);
  return () => media.removeEventListener('change', listener);
}

function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribeToMobile,
    () => window.matchMedia(MOBILE_QUERY).matches,
    () => false,
  );
}

interface SidebarContextValue {
  state: 'expanded' | 'collapsed';
  isMobile: boolean;
  open: boolean;
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  toggleSidebar: () => void;
}

const SidebarContext = createContext<SidebarContextValue | null>(null);

export function useSidebar(): SidebarContextValue {
  const context = useContext(SidebarContext);
  if (!context) throw new Error('useSidebar needs a <SidebarProvider> above it');
  return context;
}

export function SidebarProvider({ children }: { children: ReactNode }) {
  const isMobile = useIsMobile();
  const open = useSidebarOpen();
  const [openMobile, setOpenMobile] = useState(false);

  const toggleSidebar = useCallback(() => {
    if (isMobile) {
      setOpenMobile((current) => !current);
      return;
    }
    writeSidebarCookie(!readSidebarCookie());
  }, [isMobile]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'b' || !(event.ctrlKey || event.metaKey) || event.altKey) {
        return;
      }
      event.preventDefault();
      toggleSidebar();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggleSidebar]);

  const value = useMemo<SidebarContextValue>(
    () => ({
      state: open ? 'expanded' : 'collapsed',
      isMobile,
      open,
      openMobile,
      setOpenMobile,
      toggleSidebar,
    }),
    [open, isMobile, openMobile, toggleSidebar],
  );

  return (
    <SidebarContext value={value}>
      <div className="flex min-h-dvh w-full">{children}</div>
    </SidebarContext>
  );
}

/** The sidebar itself: a sheet on small screens, a rail that opens and closes on larger ones. */
export function Sidebar({ label, children }: { label: string; children: ReactNode }) {
  const { isMobile, state, openMobile, setOpenMobile } = useSidebar();
  if (isMobile) {
    return (
      <Sheet open={openMobile} onOpenChange={setOpenMobile}>
        <SheetContent aria-describedby={undefined} className="w-72 bg-card">
          <SheetTitle className="sr-only">{label}</SheetTitle>
          <div data-state="expanded" className="group/sidebar flex h-full flex-col">
            {children}
          </div>
        </SheetContent>
      </Sheet>
    );
  }
  // Hidden below 768 px by the stylesheet too: the server cannot know the screen, so it renders
  // this rail, and a phone must not show it while the page waits to hydrate into the sheet.
  return (
    <aside
      id={SIDEBAR_ID}
      aria-label={label}
      data-state={state}
      className="group/sidebar sticky top-0 hidden h-dvh w-64 shrink-0 flex-col overflow-hidden border-r border-border bg-card whitespace-nowrap transition-[width] duration-200 ease-out data-[state=collapsed]:w-12 md:flex"
    >
      {children}
    </aside>
  );
}

export function SidebarTrigger({ className }: { className?: string }) {
  const { isMobile, open, openMobile, toggleSidebar } = useSidebar();
  return (
    <Button
      variant="ghost"
      size="icon"
      className={className}
      aria-label="Toggle sidebar"
      aria-expanded={isMobile ? openMobile : open}
      aria-controls={isMobile ? undefined : SIDEBAR_ID}
      title="Toggle sidebar (Ctrl+B)"
      onClick={toggleSidebar}
    >
      <PanelLeft aria-hidden="true" className="size-5" />
    </Button>
  );
}

export function SidebarHeader({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn(
        'flex h-14 shrink-0 items-center border-b border-border px-3 group-data-[state=collapsed]/sidebar:justify-center group-data-[state=collapsed]/sidebar:px-0',
        className,
      )}
      {...props}
    />
  );
}

export function SidebarContent({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn(
        'flex min-h-0 flex-1 flex-col gap-1 overflow-x-hidden overflow-y-auto p-2',
        className,
      )}
      {...props}
    />
  );
}

export function SidebarFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn('flex shrink-0 flex-col gap-1 border-t border-border p-2', className)}
      {...props}
    />
  );
}

/** Text that shows beside an icon while the sidebar is open and is left for screen readers when not. */
export function SidebarLabel({ className, ...props }: ComponentProps<'span'>) {
  return (
    <span
      className={cn('min-w-0 truncate group-data-[state=collapsed]/sidebar:sr-only', className)}
      {...props}
    />
  );
}

const itemClass =
  'flex h-10 w-full items-center gap-3 rounded-md px-3 text-sm font-medium transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 group-data-[state=collapsed]/sidebar:justify-center group-data-[state=collapsed]/sidebar:px-0';

interface SidebarItemProps {
  icon: LucideIcon;
  label: string;
}

export function SidebarLink({ to, icon: Icon, label }: SidebarItemProps & { to: string }) {
  const { state, setOpenMobile } = useSidebar();
  return (
    <NavLink
      to={to}
      title={state === 'collapsed' ? label : undefined}
      onClick={() => setOpenMobile(false)}
      className={({ isActive }) =>
        cn(itemClass, isActive ? 'bg-accent text-accent-foreground' : 'text-muted-foreground')
      }
    >
      <Icon aria-hidden="true" className="size-5 shrink-0" />
      <SidebarLabel>{label}</SidebarLabel>
    </NavLink>
  );
}

export function SidebarButton({
  icon: Icon,
  label,
  className,
  ...props
}: SidebarItemProps & Omit<ComponentProps<'button'>, 'children'>) {
  const { state } = useSidebar();
  return (
    <button
      type="button"
      title={state === 'collapsed' ? label : undefined}
      className={cn(itemClass, 'text-muted-foreground', className)}
      {...props}
    >
      <Icon aria-hidden="true" className="size-5 shrink-0" />
      <SidebarLabel>{label}</SidebarLabel>
    </button>
  );
}
