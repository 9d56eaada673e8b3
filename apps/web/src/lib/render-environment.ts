/**
 * The moment and the origin a render reads. On a page the server rendered they are the ones the
 * server rendered with (lib/server-rendered.ts), so relative times and link targets come out the
 * same while hydrating: the moment is read only then (useNow's server snapshot), and the origin,
 * the configured one, stays. Elsewhere they are the clock and the page's origin.
 */
export interface RenderEnvironment {
  at: number;
  origin: string;
}

/** The server's renders run side by side: each finds its own environment (entry-server.tsx). */
let serverEnvironment: () => RenderEnvironment | undefined = () => undefined;
/** In the browser: the environment of the page the server sent, if it sent one. */
let sentPage: RenderEnvironment | null = null;

export function setServerRenderEnvironment(lookup: () => RenderEnvironment | undefined) {
  serverEnvironment = lookup;
}

export function setSentPageEnvironment(environment: RenderEnvironment) {
  sentPage = environment;
}

const current = (): RenderEnvironment | null => serverEnvironment() ?? sentPage;

/** The server's moment (on the server, and for the browser's hydration); null otherwise. */
export function renderedAt(): number | null {
  return current()?.at ?? null;
}

export function currentOrigin(): string {
  return current()?.origin ?? window.location.origin;
}
