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

/** The server's moment while hydrating; null in the browser otherwise (use the clock). */
export function renderedAt(): number | null {
  return rendered?.at ?? null;
}

export function currentOrigin(): string {
  return rendered?.origin ?? window.location.origin;
}
