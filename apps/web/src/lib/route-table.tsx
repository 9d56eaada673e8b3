import {
  type ComponentType,
  createContext,
  lazy,
  type ReactNode,
  useContext,
  useMemo,
} from 'react';
import {
  type Location,
  matchRoutes,
  type Params,
  type RouteObject,
  useLocation,
  useRoutes,
} from 'react-router';
import type { PublicPageHandle } from './public-page.ts';

/** What a page's (or a lazy layout's) module exports. */
export interface PageModule {
  Component: ComponentType;
  /** A page the server renders names the queries it shows at once (lib/public-page.ts). */
  handle?: PublicPageHandle;
}

/** A page's module, loaded once; `loaded` once it has arrived. */
interface LoadablePage {
  load(): Promise<PageModule>;
  loaded?: PageModule;
  /** The page as a React.lazy component, for a render before it has loaded. */
  Lazy: ComponentType;
}

function LazyPage({ page }: { page: LoadablePage }) {
  const Component = page.loaded?.Component ?? page.Lazy;
  return <Component />;
}

/** What a route of the table carries in its `handle`. */
export interface RouteHandle {
  /** The title the signed-in area's top bar shows for the page. */
  title?: string;
  page?: LoadablePage;
}

/**
 * A route whose page is its own chunk. A page already loaded (the server loads the ones it
 * renders, the browser the ones it hydrates: `loadMatchedPages`) renders at once, so the server's
 * markup and the browser's first render are the page itself; any other suspends until it arrives,
 * and the router's transition keeps the previous page on screen meanwhile (docs/decisions/018).
 */
export function lazyRoute(
  load: () => Promise<PageModule>,
  handle: Omit<RouteHandle, 'page'> = {},
): Pick<RouteObject, 'element' | 'handle'> {
  let loading: Promise<PageModule> | undefined;
  const page: LoadablePage = {
    load: () => {
      loading ??= load().then((module) => {
        page.loaded = module;
        return module;
      });
      return loading;
    },
    Lazy: lazy(async () => ({ default: (await page.load()).Component })),
  };
  return { element: <LazyPage page={page} />, handle: { ...handle, page } satisfies RouteHandle };
}

const handleOf = (route: RouteObject) => route.handle as RouteHandle | undefined;

/** The pages (and lazy layouts) `location` matches, their modules loaded, with their params. */
export async function loadMatchedPages(
  routes: RouteObject[],
  location: Partial<Location> | string,
): Promise<{ module: PageModule; params: Params }[]> {
  const matches = matchRoutes(routes, location) ?? [];
  const loaded = await Promise.all(
    matches.map(async (match) => {
      const module = await handleOf(match.route)?.page?.load();
      return module ? [{ module, params: match.params }] : [];
    }),
  );
  return loaded.flat();
}

const MatchedHandles = createContext<RouteHandle[]>([]);

/** The route table rendered for the current location, with the matched routes' handles. */
export function RouteTable({ routes }: { routes: RouteObject[] }): ReactNode {
  const location = useLocation();
  const handles = useMemo(
    () => (matchRoutes(routes, location) ?? []).map((match) => handleOf(match.route) ?? {}),
    [routes, location],
  );
  const element = useRoutes(routes, location);
  return <MatchedHandles value={handles}>{element}</MatchedHandles>;
}

/** The handles of the routes that match the current location, outermost first. */
export function useMatchedHandles(): RouteHandle[] {
  return useContext(MatchedHandles);
}
