/**
 * The moment and the origin a render reads. On a page the server rendered they are the ones the
 * server rendered with (lib/server-rendered.ts), so relative times and link targets come out the
 * same while hydrating: the moment is read only then (useNow's server snapshot), and the origin,
 * the configured one, stays. Elsewhere they are the clock and the page's origin. The server sets
 * them before each render, which is synchronous (entry-server.tsx).
 */
let rendered: { at: number; origin: string } | null = null;

export function setRenderEnvironment(environment: { at: number; origin: string } | null) {
  rendered = environment;
}

/** The server's moment (on the server, and in the browser while hydrating); null otherwise. */
export function renderedAt(): number | null {
  return live ? null : (rendered?.at ?? null);
}

/**
 * Whether renders show what only the browser knows (its time zone, its theme, its clock, lazily
 * loaded parts). Never on the server; in the browser from the start, except while hydrating a page
 * the server rendered, whose markup the first render must match (docs/decisions/016). Preact has
 * no server snapshot for useSyncExternalStore, so the app keeps this itself.
 */
let live = typeof document !== 'undefined';
const liveListeners = new Set<() => void>();

export const isLive = (): boolean => live;

export function subscribeToLive(listener: () => void): () => void {
  liveListeners.add(listener);
  return () => {
    liveListeners.delete(listener);
  };
}

/** The browser is about to hydrate the page the server rendered, with the server's environment. */
export function beginHydration(environment: { at: number; origin: string }) {
  rendered = environment;
  live = false;
}

/** Hydrated: what waited for the browser renders now (only the components that read it). */
export function endHydration() {
  live = true;
  for (const listener of liveListeners) listener();
}

export function currentOrigin(): string {
  return rendered?.origin ?? window.location.origin;
}
